import type { Knex } from 'knex';

/**
 * The API keeps each live session's user and group in memory (accounts/session-cache.ts); every write
 * that could change what a session resolves to notifies the channel `session_cache` in its own
 * transaction (so it is heard at commit, in every process), whichever code path made it: a session
 * ended or moved (`s:<id_hash>`), a user changed or deleted (`u:<id>`), a group added, changed or
 * deleted (`g:<company_id>`). A session's idle-clock touch changes nothing cached and stays silent.
 */
export const SESSION_CACHE_CHANNEL = 'session_cache';

/** The trigger functions as this migration made them (079 makes them move a counter too, and its down() puts these back). */
export const SESSION_CACHE_FUNCTIONS = [
  `create or replace function session_cache_session() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${SESSION_CACHE_CHANNEL}', 's:' || old.id_hash);
      return null;
    end $$`,
  `create or replace function session_cache_user() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${SESSION_CACHE_CHANNEL}', 'u:' || old.id);
      return null;
    end $$`,
  `create or replace function session_cache_group() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform pg_notify('${SESSION_CACHE_CHANNEL}', 'g:' || old.company_id);
      end if;
      if tg_op <> 'DELETE' then
        perform pg_notify('${SESSION_CACHE_CHANNEL}', 'g:' || new.company_id);
      end if;
      return null;
    end $$`,
];

/** The triggers as this migration made them (079 makes them constraint triggers deferred to commit). */
export const SESSION_CACHE_TRIGGERS = [
  `create trigger sessions_session_cache after update on sessions for each row
    when (old.ended_at is distinct from new.ended_at or old.user_id is distinct from new.user_id
      or old.id_hash is distinct from new.id_hash or old.expires_at is distinct from new.expires_at)
    execute function session_cache_session()`,
  `create trigger sessions_session_cache_delete after delete on sessions for each row execute function session_cache_session()`,
  `create trigger users_session_cache after update or delete on users for each row execute function session_cache_user()`,
  `create trigger groups_session_cache after insert or update or delete on groups for each row execute function session_cache_group()`,
];

/** Drops the triggers above, whichever kind they are. */
export const DROP_SESSION_CACHE_TRIGGERS = [
  'drop trigger if exists groups_session_cache on groups',
  'drop trigger if exists users_session_cache on users',
  'drop trigger if exists sessions_session_cache_delete on sessions',
  'drop trigger if exists sessions_session_cache on sessions',
];

const UP = [...SESSION_CACHE_FUNCTIONS, ...SESSION_CACHE_TRIGGERS];

export async function up(k: Knex): Promise<void> {
  for (const sql of UP) await k.raw(sql);
}

export async function down(k: Knex): Promise<void> {
  for (const sql of [
    ...DROP_SESSION_CACHE_TRIGGERS,
    'drop function if exists session_cache_group()',
    'drop function if exists session_cache_user()',
    'drop function if exists session_cache_session()',
  ])
    await k.raw(sql);
}
