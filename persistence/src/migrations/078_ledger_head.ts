import type { Knex } from 'knex';

/**
 * The embedded ledger's head as one row (issue 29, the sign path). An append took `lock table
 * ledger_blocks in exclusive mode`, then read the head, then inserted: three round trips with the lock
 * held, and a batch commit's append is where concurrent signs wait (pg_stat_statements at 40 callers:
 * 49–62 ms mean on the lock). Now the append locks this row (`select ... for update`, which answers the
 * head as the last writer left it) in the statement that reads the keys already written, and moves it in
 * the statement that inserts the blocks: two round trips, one of them before the lock is held.
 * The row always exists; no block yet is a null head.
 */
export async function up(k: Knex): Promise<void> {
  await k.raw(`create table ledger_head (
    id smallint primary key default 1 check (id = 1),
    block_number integer,
    block_hash varchar(64)
  )`);
  await k.raw(`insert into ledger_head (id, block_number, block_hash)
    select 1, b.block_number, b.block_hash
      from (select 1) one left join (select block_number, block_hash from ledger_blocks order by block_number desc limit 1) b on true`);
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTableIfExists('ledger_head');
}
