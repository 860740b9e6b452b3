import type { Knex } from 'knex';
import { DROP_SESSION_CACHE_TRIGGERS, SESSION_CACHE_CHANNEL, SESSION_CACHE_FUNCTIONS, SESSION_CACHE_TRIGGERS } from './071_session_cache_notify';

/**
 * The session cache exact on the very next request in every process (issue 29 item 4). Migration 071's
 * triggers notify every session, user and group write, but a process hears a notification when it
 * arrives, which can be after another process already answered the writer and the next request came
 * (a CI run on a loaded machine saw one stale answer). Now every such write also moves a counter,
 * `session_cache_epoch.n`, in its own transaction, and its notification carries the counter's new value
 * (`<n> s:<id_hash>`, `<n> u:<id>`, `<n> g:<company_id>`). The row's lock is held to commit, so the
 * counter's order is the commits' order, and so the notifications' order. Before memory answers, a
 * process reads the counter (one round trip shared by every request waiting, on its listening
 * connection) and waits until it has heard that far: every write committed before the request came is
 * then heard. Only writes that change what a session resolves to move it (an idle-clock touch does not).
 *
 * The triggers become constraint triggers deferred to commit: the counter's row is locked only while
 * its transaction commits, after every row lock the transaction takes, so two writers cannot each hold
 * what the other waits for (a bump inside the statement would lock the counter before a later
 * statement's row locks).
 */
/** Moves the counter and notifies `change` (SQL text: `'u:' || old.id`) with the counter's new value in front. */
const notifyCounted = (change: string) => `update session_cache_epoch set n = n + 1 where id = 1 returning n into e;
      perform pg_notify('${SESSION_CACHE_CHANNEL}', e || ' ' || ${change})`;
/** A trigger function of migration 071 whose every notification moves the counter first. */
const countedFunction = (name: string, body: string) => `create or replace function ${name}() returns trigger language plpgsql as $$
    declare e bigint;
    begin
      ${body};
      return null;
    end $$`;
const UP = [
  `create table session_cache_epoch (
    id smallint primary key default 1 check (id = 1),
    n bigint not null default 0
  )`,
  `insert into session_cache_epoch (id, n) values (1, 0)`,
  countedFunction('session_cache_session', notifyCounted(`'s:' || old.id_hash`)),
  countedFunction('session_cache_user', notifyCounted(`'u:' || old.id`)),
  countedFunction(
    'session_cache_group',
    `if tg_op <> 'INSERT' then ${notifyCounted(`'g:' || old.company_id`)}; end if;
      if tg_op <> 'DELETE' then ${notifyCounted(`'g:' || new.company_id`)}; end if`,
  ),
  ...DROP_SESSION_CACHE_TRIGGERS,
  ...SESSION_CACHE_TRIGGERS.map((t) =>
    t.replace('create trigger', 'create constraint trigger').replace(' for each row', ' deferrable initially deferred for each row'),
  ),
];

/** The counter's value: what a process must have heard before its memory may answer. */
export const SESSION_CACHE_EPOCH_SQL = 'select n from session_cache_epoch where id = 1';

export async function up(k: Knex): Promise<void> {
  for (const sql of UP) await k.raw(sql);
}

export async function down(k: Knex): Promise<void> {
  for (const sql of [...DROP_SESSION_CACHE_TRIGGERS, ...SESSION_CACHE_TRIGGERS, ...SESSION_CACHE_FUNCTIONS]) await k.raw(sql);
  await k.schema.dropTableIfExists('session_cache_epoch');
}
