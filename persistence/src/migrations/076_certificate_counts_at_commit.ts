import type { Knex } from 'knex';
import { APPLY, NEW_ROWS, OLD_ROWS } from './008_certificate_counts';

/**
 * certificate_counts (008) written at COMMIT, not at the write (issue 29, the sign path). 008's triggers
 * updated the company's counter row in the statement that changed a certificate, so a batch commit (read
 * model first, then the mails and the ledger's append, all in one transaction) held that row's lock for its
 * whole length: at 40 concurrent signers the read-model write's 64–73 ms mean was the wait for it.
 *
 * Now each statement's net change per key goes into certificate_count_changes (one row a statement that
 * changed a count, a plain insert: no lock on a shared row), and a deferred constraint trigger on that
 * table (row-level, as constraint triggers are: one firing a row) folds the transaction's changes into
 * certificate_counts when it commits, in key order (no deadlock between two folds) — after the ledger's
 * append, whose lock already serializes the batch commits, so they no longer wait on the counters at all
 * (throughput bench, 40 callers, pg_stat_statements: the read-model write 83–87 ms mean before, 1.0–1.2 ms
 * after; the wait is now the ledger's lock, 0.4–0.6 ms before, 49–62 ms after).
 * The changes of a rolled-back transaction or savepoint go with it; every fold finds only its own
 * transaction's rows (another's are not yet visible to it), and leaves none behind. The table is unlogged:
 * its rows never outlive their transaction. A reader sees the counts as of the last commit, as before;
 * a transaction no longer sees its own change to them before it commits.
 */
const NOTE = `
  insert into certificate_count_changes (changes)
  select jsonb_agg(jsonb_build_object('company_id', company_id, 'status', status, 'overdue', overdue, 'dn', dn)) from (
    select company_id, status, overdue, sum(dn) as dn from (%ROWS%) d
    group by company_id, status, overdue having sum(dn) <> 0) c
  having count(*) > 0`;

export const FOLD = `
  with d as (delete from certificate_count_changes returning changes)
  insert into certificate_counts (company_id, status, overdue, n)
  select x.company_id, x.status, x.overdue, sum(x.dn) from d, jsonb_to_recordset(d.changes) as x(company_id text, status text, overdue boolean, dn bigint)
  group by x.company_id, x.status, x.overdue having sum(x.dn) <> 0
  order by x.company_id, x.status, x.overdue
  on conflict (company_id, status, overdue) do update set n = certificate_counts.n + excluded.n`;

export const fn = (name: string, body: string) => `create or replace function ${name}() returns trigger language plpgsql as $$
    begin ${body}; return null; end $$`;

/**
 * The fold fires once a noted statement, the first firing folds them all: the later ones of the same
 * transaction return at once (a flag local to the transaction, cleared by each new note), rather than
 * scanning the table's rows the first already deleted (a transaction of many statements would scan
 * n times n). A fold made early (SET CONSTRAINTS ... IMMEDIATE) and notes after it fold again.
 */
export const FOLDED = 'grain.certificate_counts_folded';
const NOTED = `; if found then perform set_config('${FOLDED}', '', true); end if`;
export const FOLD_ONCE = `if current_setting('${FOLDED}', true) = 'y' then return null; end if;
    ${FOLD}; perform set_config('${FOLDED}', 'y', true)`;

export async function up(k: Knex): Promise<void> {
  await k.raw('create unlogged table if not exists certificate_count_changes (changes jsonb not null)');
  await k.raw(fn('certificate_counts_fold', FOLD_ONCE));
  await k.raw('drop trigger if exists certificate_count_changes_fold on certificate_count_changes');
  await k.raw(`create constraint trigger certificate_count_changes_fold after insert on certificate_count_changes
    deferrable initially deferred for each row execute function certificate_counts_fold()`);
  await k.raw(fn('certificate_counts_inserted', NOTE.replace('%ROWS%', NEW_ROWS) + NOTED));
  await k.raw(fn('certificate_counts_updated', NOTE.replace('%ROWS%', `${NEW_ROWS} union all ${OLD_ROWS}`) + NOTED));
  await k.raw(fn('certificate_counts_deleted', NOTE.replace('%ROWS%', OLD_ROWS) + NOTED));
  await k.raw(fn('certificate_counts_truncated', 'delete from certificate_counts; delete from certificate_count_changes'));
}

export async function down(k: Knex): Promise<void> {
  await k.raw(fn('certificate_counts_inserted', APPLY.replace('%ROWS%', NEW_ROWS)));
  await k.raw(fn('certificate_counts_updated', APPLY.replace('%ROWS%', `${NEW_ROWS} union all ${OLD_ROWS}`)));
  await k.raw(fn('certificate_counts_deleted', APPLY.replace('%ROWS%', OLD_ROWS)));
  await k.raw(fn('certificate_counts_truncated', 'delete from certificate_counts'));
  await k.raw('drop table if exists certificate_count_changes'); // its trigger with it
  await k.raw('drop function if exists certificate_counts_fold()');
}
