import type { Knex } from 'knex';
import { FOLD, FOLD_ONCE, FOLDED, fn } from './076_certificate_counts_at_commit';

/**
 * The list's counts as one stored text per company (issue 29, the list API). Every list page answers the
 * toggle counts; the page's statement built them from certificate_counts' rows with json_agg and
 * json_build_object on every request: 15 µs of Postgres CPU an answer (interleaved runs of the list's
 * statement, 100,000 certificates: first page 80.5 µs without the counts, 95.5 with them, 84.5 reading
 * a stored text), a quarter of what the list's statement costs Postgres beside the bare route's.
 *
 * certificate_counts_text holds that same text (the same expression, so the API reads what it read
 * before), written by the fold of migration 076 at each writer's commit for the companies the fold
 * touched. Two writers of one company changing different counts fold different rows of certificate_counts
 * and would each build the text from a snapshot without the other's fold; so the fold first makes sure
 * the company's text row exists, locks it (in company order), and only then, in a statement of its own
 * (a snapshot taken after the lock was granted: the writer before has committed), builds the text.
 */
export const COUNTS_TEXT = `coalesce(json_agg(json_build_object('status', k.status, 'overdue', k.overdue, 'n', k.n) order by k.status, k.overdue), '[]')::text`;

/**
 * 076's fold (its statement), after noting the companies whose changes it folds, then their texts in
 * company order: each row made sure of and locked in one statement, then built in the next.
 */
const FOLD_WITH_TEXT = `create or replace function certificate_counts_fold() returns trigger language plpgsql as $$
    declare touched text[]; company text;
    begin
      if current_setting('${FOLDED}', true) = 'y' then return null; end if;
      select array_agg(distinct x.company_id order by x.company_id) into touched
        from certificate_count_changes d, jsonb_to_recordset(d.changes) as x(company_id text);
      ${FOLD};
      perform set_config('${FOLDED}', 'y', true);
      -- one company a commit, as a rule: a scalar parameter, so each statement keeps one plan
      foreach company in array coalesce(touched, '{}') loop
        -- the row made sure of and locked (DO UPDATE locks the row it meets, though WHERE false writes nothing)
        insert into certificate_counts_text (company_id, counts) values (company, '[]')
          on conflict (company_id) do update set counts = excluded.counts where false;
        update certificate_counts_text set counts = (select ${COUNTS_TEXT} from certificate_counts k where k.company_id = company)
         where company_id = company;
      end loop;
      return null;
    end $$`;

const TRUNCATED = (also: string) => `create or replace function certificate_counts_truncated() returns trigger language plpgsql as $$
    begin delete from certificate_counts; delete from certificate_count_changes;${also} return null; end $$`;

export async function up(k: Knex): Promise<void> {
  await k.raw('create table if not exists certificate_counts_text (company_id varchar(64) primary key, counts text not null)');
  await k.raw(FOLD_WITH_TEXT);
  await k.raw(TRUNCATED(' delete from certificate_counts_text;'));
  await k.raw(`insert into certificate_counts_text (company_id, counts)
    select k.company_id, ${COUNTS_TEXT} from certificate_counts k group by k.company_id
    on conflict (company_id) do update set counts = excluded.counts`);
}

export async function down(k: Knex): Promise<void> {
  await k.raw(fn('certificate_counts_fold', FOLD_ONCE));
  await k.raw(TRUNCATED(''));
  await k.raw('drop table if exists certificate_counts_text');
}
