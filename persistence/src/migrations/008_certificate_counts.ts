import type { Knex } from 'knex';

/**
 * certificate_counts: the certificate list's toggle counts per company, status and overdue flag, kept
 * exact by statement-level triggers on certificates. Every list page answers the counts; counting the
 * company's rows each time was a scan of all of them (~40 ms at 100,000 certificates, the list's whole
 * budget; bench/RESULTS.md "(e)"), this is a primary-key lookup of a handful of rows.
 *
 * The triggers add up a statement's net change per key and apply it in key order, so concurrent
 * transactions lock the counter rows in the same order (no deadlock between, say, one certificate going
 * signing -> pending and another pending -> signing). INSERT ... ON CONFLICT DO UPDATE fires both the
 * insert trigger (rows inserted) and the update trigger (rows updated), each with its own rows.
 */
export const APPLY = `
  insert into certificate_counts (company_id, status, overdue, n)
  select company_id, status, overdue, sum(dn) from (%ROWS%) d
  group by company_id, status, overdue having sum(dn) <> 0
  order by company_id, status, overdue
  on conflict (company_id, status, overdue) do update set n = certificate_counts.n + excluded.n`;
export const NEW_ROWS = 'select company_id, status, overdue, 1 as dn from new_rows';
export const OLD_ROWS = 'select company_id, status, overdue, -1 as dn from old_rows';

export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('certificate_counts', (t) => {
    t.string('company_id', 64).notNullable();
    t.string('status', 20).notNullable();
    t.boolean('overdue').notNullable();
    t.bigInteger('n').notNullable();
    t.primary(['company_id', 'status', 'overdue']);
  });
  await k.raw(`create function certificate_counts_inserted() returns trigger language plpgsql as $$
    begin ${APPLY.replace('%ROWS%', NEW_ROWS)}; return null; end $$`);
  await k.raw(`create function certificate_counts_updated() returns trigger language plpgsql as $$
    begin ${APPLY.replace('%ROWS%', `${NEW_ROWS} union all ${OLD_ROWS}`)}; return null; end $$`);
  await k.raw(`create function certificate_counts_deleted() returns trigger language plpgsql as $$
    begin ${APPLY.replace('%ROWS%', OLD_ROWS)}; return null; end $$`);
  await k.raw(`create function certificate_counts_truncated() returns trigger language plpgsql as $$
    begin delete from certificate_counts; return null; end $$`);
  await k.raw(`create trigger certificate_counts_insert after insert on certificates
    referencing new table as new_rows for each statement execute function certificate_counts_inserted()`);
  await k.raw(`create trigger certificate_counts_update after update on certificates
    referencing old table as old_rows new table as new_rows for each statement execute function certificate_counts_updated()`);
  await k.raw(`create trigger certificate_counts_delete after delete on certificates
    referencing old table as old_rows for each statement execute function certificate_counts_deleted()`);
  await k.raw(`create trigger certificate_counts_truncate after truncate on certificates
    for each statement execute function certificate_counts_truncated()`);
  await k.raw(`insert into certificate_counts (company_id, status, overdue, n)
    select company_id, status, overdue, count(*) from certificates group by company_id, status, overdue`);
}

export async function down(k: Knex): Promise<void> {
  for (const op of ['insert', 'update', 'delete', 'truncate']) await k.raw(`drop trigger if exists certificate_counts_${op} on certificates`);
  for (const f of ['inserted', 'updated', 'deleted', 'truncated']) await k.raw(`drop function if exists certificate_counts_${f}()`);
  await k.schema.dropTableIfExists('certificate_counts');
}
