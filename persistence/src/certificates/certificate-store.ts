import type { Knex } from 'knex';
import {
  AppError,
  certificateLiveMessage,
  HOLDING_STATUSES,
  isUuid,
  type FrozenIssuer,
  type LevelOpened,
  type CertificateListCard,
  type CertificateListStatus,
  type CertificateState,
  type CertificateStatus,
  type FarmRecordUse,
  type Revocation,
} from '@grain/domain';
import { prepared, preparedResult, preparedRows } from './prepared';
import { levelRows, listCardText, type InFlightLevel } from './certificate-rows';

export type { InFlightLevel } from './certificate-rows';

/** The audit trail as certificate_events rows (seq: the entry's position). */
function eventRows(s: CertificateState) {
  return s.audit.map((e, seq) => ({
    certificate_id: s.id,
    seq,
    at: e.at || new Date().toISOString(),
    actor_id: e.actorId,
    action: e.action,
    level: e.level ?? null,
    detail: e.detail ?? null,
  }));
}

/**
 * UPSERT_SQL's live message: company (null when it is not a uuid: nobody's pages, nothing told), type, data.
 */
function told(s: CertificateState): [string | null, string, string, string | null] {
  const m = certificateLiveMessage(s);
  const company = isUuid(m.companyId) ? m.companyId : null;
  return [company, m.type, JSON.stringify(m.data), company];
}

/** isUuid's pattern for Postgres (`~*`): an audit's actor id that is not a uuid is never cast to one. */
const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

export type { CertificateListStatus } from '@grain/domain';

export interface CertificateListQuery {
  companyId: string;
  statuses?: CertificateListStatus[];
  /** Case-insensitive substring of number or name. */
  search?: string;
  /** Only certificates whose current level lists this user as a signer. */
  signerId?: string;
  /** Opaque cursor from the previous page's `next`. */
  after?: string;
  limit?: number;
}

export interface CertificatePage {
  items: CertificateListCard[];
  next: string | null;
}

/** A list page as the list answers it: the stored cards' JSON text, not parsed. */
export interface CertificatePageText {
  /** The page's cards (CertificateListCard JSON) joined by commas: the inside of a JSON array. */
  cards: string;
  next: string | null;
  /** Count per list status, when asked for (read in the same statement); shared by the answers of the same counts, frozen. */
  counts?: Readonly<Record<CertificateListStatus, number>>;
}

/** An issued certificate found by public verification, with the recorded sha256 of its issued PDF. */
export interface PublicCertificate {
  state: CertificateState;
  /** null for certificates issued before PDF hashes were recorded. */
  pdfSha256: string | null;
  /** Set once the issuing company revoked it. */
  revocation: Revocation | null;
  /** The issuer as it stood at issue (null for certificates issued before it was kept). */
  issuer: FrozenIssuer | null;
}

const jsonOf = <T>(v: unknown): T | null => (v == null ? null : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

function revocationOfRow(r: Record<string, any>): Revocation | null {
  if (!r.revoked_at) return null;
  return {
    at: new Date(r.revoked_at).toISOString(),
    by: r.revoked_by_name ?? '',
    byId: r.revoked_by ?? '',
    reason: r.revocation_reason ?? '',
    txId: r.revocation_tx_id ?? null,
  };
}

export interface StoredCertificate {
  state: CertificateState;
  version: number;
  pdfKey: string | null;
  updatedAt: string;
}

/**
 * What a certificate's answer shows one viewer beyond its state, read with it (`withViewerFacts`): the
 * names of the people its audit trail names (live users of its company), whether the viewer has a
 * personal signature and a passkey, and who opened which level.
 */
export interface CertificateViewerFacts {
  /** whose facts these are */
  viewerId: string;
  names: Map<string, string>;
  hasSignature: boolean;
  hasPasskey: boolean;
  opened: LevelOpened[];
}

/**
 * The certificate read model. The workflow writes it (`upsert`, versioned: a write with a version not
 * above the stored one is ignored, so a retried or late write never moves a row backwards); the API
 * reads it and keeps drafts (status created) in it until submit. Every read is scoped to a company.
 */
export interface CertificateStore {
  /** Writes the state (versioned, see above). */
  upsert(state: CertificateState): Promise<{ applied: boolean }>;
  /**
   * What the read model shows of a certificate, by its id alone, with its PDF's key (null before the PDF
   * step recorded it): the state the PDF step makes its PDF of. Not scoped to a company: the workflow's
   * activities only, never a caller's read.
   */
  issuingState(id: string): Promise<{ state: CertificateState; pdfKey: string | null } | null>;
  get(companyId: string, id: string): Promise<StoredCertificate | null>;
  /**
   * `get` with the facts its answer shows `viewerId` (CertificateViewerFacts), in one statement (issue 29:
   * the answer after a sign was five round trips).
   */
  withViewerFacts(companyId: string, id: string, viewerId: string): Promise<{ stored: StoredCertificate; facts: CertificateViewerFacts } | null>;
  list(q: CertificateListQuery): Promise<CertificatePage>;
  /**
   * The same page as stored text (one prepared statement), optionally with the toggle counts read in the
   * same statement: what GET company/approvals answers.
   */
  listText(q: CertificateListQuery, opts: { counts: true }): Promise<Required<CertificatePageText>>;
  listText(q: CertificateListQuery, opts?: { counts?: boolean }): Promise<CertificatePageText>;
  /**
   * The company's certificates in flight (signing, pending, rejected, or overdue), newest change first, at
   * most `limit`, each with its current level: the overdue dashboard's candidates.
   */
  inFlightLevels(companyId: string, limit: number): Promise<InFlightLevel[]>;
  /** Count per status plus `overdue`, for the list's toggle buttons. */
  counts(companyId: string): Promise<Record<CertificateListStatus, number>>;
  /** Saves a new draft; DUPLICATE_NUMBER if the company already uses the number. */
  saveDraft(state: CertificateState): Promise<void>;
  /** Replaces a draft while it is still status created; NOT_FOUND / CERTIFICATE_NOT_EDITABLE otherwise. */
  updateDraft(state: CertificateState): Promise<void>;
  /** Deletes a draft (status created only). */
  deleteDraft(companyId: string, id: string): Promise<boolean>;
  audit(companyId: string, id: string): Promise<CertificateState['audit']>;
  /** Records the sha256 of the stored PDF (the read-model upsert never overwrites it). */
  recordPdfHash(id: string, sha256: string): Promise<void>;
  /** Freezes the issuer as it stood at issue; the first record wins (a retried issue keeps the first). */
  freezeIssuer(id: string, issuer: FrozenIssuer): Promise<void>;
  /** The issuer frozen at issue, or null (not issued yet, or issued before it was kept). */
  frozenIssuer(id: string): Promise<FrozenIssuer | null>;
  /** The company of each of these certificates (ids not found are left out): whose a ledger block is. */
  companiesOf(ids: string[]): Promise<Map<string, string>>;
  /** The first number `<prefix>1`, `<prefix>2`, ... the company has not used. */
  nextFreeNumber(companyId: string, prefix: string): Promise<string>;
  /**
   * Public verification, across companies: an issued (done) certificate by content hash (which covers the
   * issuing company), by the sha256 of its issued PDF, or by number within its company - never by a
   * number alone, which any company may use.
   */
  findPublic(
    by: { number: string; companyId: string } | { number: string; hashPrefix: string } | { hash: string } | { pdfSha256: string },
  ): Promise<PublicCertificate | null>;
  /** The number of the done certificate whose issued PDF has this sha256, across companies. */
  numberOfIssuedPdf(sha256: string): Promise<string | null>;
  /**
   * Rebuilds the stored list cards of a company's certificates (all companies without one) from their
   * state, in batches: for rows written by bulk SQL rather than this store (the list benchmark's seed) and
   * for migrations that change what a card holds.
   */
  refreshListCards(companyId?: string): Promise<number>;
  /**
   * The company's certificates that hold a farm record (being signed, sent back or issued: the domain's
   * HOLDING_STATUSES), of one record or of all; for "one lot, one certificate" (farm-record-use.ts).
   */
  farmRecordUses(companyId: string, farmRecordId?: string): Promise<FarmRecordUse[]>;
  /** The company's revocation of an issued certificate, or null. */
  revocationOf(companyId: string, id: string): Promise<Revocation | null>;
  /** Records the revocation of an issued, not yet revoked certificate; false when there was none to revoke. */
  revoke(companyId: string, id: string, r: Revocation): Promise<boolean>;
  /** Whether any certificate of the company (a draft too) holds this file version of a company document. */
  holdsDocumentVersion(companyId: string, documentId: string, version: number): Promise<boolean>;
}

const encodeCursor = (updatedAt: string, id: string) => Buffer.from(JSON.stringify([updatedAt, id])).toString('base64url');
function decodeCursor(c: string): [string, string] {
  try {
    const v = JSON.parse(Buffer.from(c, 'base64url').toString());
    if (Array.isArray(v) && typeof v[0] === 'string' && typeof v[1] === 'string') return [v[0], v[1]];
  } catch {
    /* fall through */
  }
  throw new AppError('INVALID_INPUT', { field: 'after' });
}

/** Postgres's text of a timestamptz as JavaScript's toISOString() writes it (the cursor's form). */
const isoSql = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const emptyCounts = (): Record<CertificateListStatus, number> => ({ created: 0, signing: 0, pending: 0, rejected: 0, done: 0, cancelled: 0, overdue: 0 });

/** Counts per list status from certificate_counts rows (an overdue certificate counts only as overdue). */
function countsOf(rows: ReadonlyArray<{ status: CertificateStatus; overdue: boolean; n: string | number }>): Record<CertificateListStatus, number> {
  const out = emptyCounts();
  for (const r of rows) {
    if (r.overdue) out.overdue += Number(r.n);
    else out[r.status] = (out[r.status] ?? 0) + Number(r.n);
  }
  return out;
}

/**
 * The list page's one statement: the keyset page of stored cards joined into one text (in page order),
 * the cursor of its last row, the ids of rows without a stored card, and (withCounts) the toggle counts.
 * The list benchmark's bare baseline route runs this same statement (without counts), so the ceiling
 * it measures reads what the API reads.
 */
/**
 * The stored card, and on a revoked certificate the revocation's time and reason added to it
 * (CertificateListCard.revocation): the card is the certificate's state, the revocation a fact beside it.
 */
const CARD_WITH_REVOCATION = `case when c.revoked_at is null then c.list_card
      else (c.list_card::jsonb || jsonb_build_object('revocation', jsonb_build_object('at', ${isoSql('c.revoked_at')}, 'reason', c.revocation_reason)))::text end`;

/** The statement's text per shape (limit, counts, which filters): built once, the same string every time. */
const listTexts = new Map<string, string>();

export function listPageStatement(q: CertificateListQuery, withCounts = false): { sql: string; bindings: Array<string | string[]>; limit: number } {
  const asked = Math.floor(Number(q.limit ?? 20));
  const limit = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), 100) : 20;
  const where = ['c.company_id = ?'];
  const args: Array<string | string[]> = [q.companyId];
  if (q.statuses?.length) {
    // An overdue certificate shows only as overdue.
    const real = q.statuses.filter((x) => x !== 'overdue');
    const either = [...(real.length ? ['(c.status = any(?) and not c.overdue)'] : []), ...(q.statuses.includes('overdue') ? ['c.overdue'] : [])];
    where.push(`(${either.join(' or ')})`);
    if (real.length) args.push(real);
  }
  if (q.search) {
    where.push('(c.approval_number ilike ? or c.approval_name ilike ?)');
    const like = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    args.push(like, like);
  }
  if (q.signerId) {
    where.push('exists (select 1 from certificate_levels sl where sl.certificate_id = c.id and sl.level = c.stage and ? = any(sl.signer_ids))');
    args.push(q.signerId);
  }
  if (q.after) {
    where.push('(c.updated_at, c.id) < (?::timestamptz, ?)');
    args.push(...decodeCursor(q.after));
  }
  // Its placeholder comes first in the text (the select list), so its value goes first.
  if (withCounts) args.unshift(q.companyId);
  // The where clauses are fixed texts: with the limit and the counts they name the statement's shape.
  const shape = `${limit}${withCounts ? '+counts' : ''} ${where.join(' and ')}`;
  let sql = listTexts.get(shape);
  if (sql === undefined) listTexts.set(shape, (sql = listPageText(where, limit, withCounts)));
  return { sql, bindings: args, limit };
}

function listPageText(where: string[], limit: number, withCounts: boolean): string {
  // limit + 1 rows tell whether a next page exists; n numbers them in page order. The limit is in the
  // text (1 to 100), so each prepared statement plans a known limit.
  // the company's counts as the text migration 080 keeps at each writer's commit (none yet: no certificates)
  const counts = withCounts ? ', (select t.counts from certificate_counts_text t where t.company_id = ?) as counts' : '';
  return `select string_agg(p.list_card, ',' order by p.n) filter (where p.n <= ${limit}) as page,
      count(*) > ${limit} as more,
      max(${isoSql('p.updated_at')}) filter (where p.n = ${limit}) as last_at,
      max(p.id) filter (where p.n = ${limit}) as last_id,
      array_agg(p.id) filter (where p.n <= ${limit} and p.list_card is null) as missing${counts}
    from (select ${CARD_WITH_REVOCATION} as list_card, c.updated_at, c.id, row_number() over (order by c.updated_at desc, c.id desc) as n
      from certificates c where ${where.join(' and ')} order by c.updated_at desc, c.id desc limit ${limit + 1}) p`;
}

interface PageRow {
  page: string | null;
  more: boolean;
  last_at: string | null;
  last_id: string | null;
  missing: string[] | null;
  /** The company's counts as certificate_counts_text keeps them (JSON text of certificate_counts' rows, migration 080), read by countsOfText. */
  counts?: string | null;
}

/** Most counts texts kept at once (one a company whose counts do not change, while they do not). */
const MAX_COUNTS_TEXTS = 1_000;
const countsByText = new Map<string, Readonly<Record<CertificateListStatus, number>>>();

/**
 * The counts of certificate_counts' rows as the list statement answers them (JSON text): the object
 * made from the same text before, frozen, so a company's unchanged counts are not parsed and summed
 * again for every page (pg parsed a json column on every answer: the list's profile). Keyed by the
 * text itself, so new counts are a new text, never an old answer.
 */
function countsOfText(text: string | null | undefined): Readonly<Record<CertificateListStatus, number>> {
  const key = text ?? '[]';
  let counts = countsByText.get(key);
  if (counts === undefined) {
    if (countsByText.size >= MAX_COUNTS_TEXTS) countsByText.clear();
    countsByText.set(key, (counts = Object.freeze(countsOf(JSON.parse(key) as Array<{ status: CertificateStatus; overdue: boolean; n: number }>))));
  }
  return counts;
}

/** See CertificateStore.refreshListCards; also run by migrations that change what a card holds. */
export async function refreshListCards(k: Knex, companyId?: string, batch = 1000): Promise<number> {
  let after = '';
  let done = 0;
  for (;;) {
    const rows = (
      await k.raw(`select id, state from certificates where id > ?${companyId ? ' and company_id = ?' : ''} order by id limit ${batch}`, [
        after,
        ...(companyId ? [companyId] : []),
      ])
    ).rows as Array<{ id: string; state: CertificateState | string }>;
    if (!rows.length) return done;
    const cards = rows.map((r) => listCardText(typeof r.state === 'string' ? (JSON.parse(r.state) as CertificateState) : r.state));
    await k.raw(`update certificates c set list_card = v.card from (select unnest(?::text[]) as id, unnest(?::text[]) as card) v where c.id = v.id`, [
      rows.map((r) => r.id),
      cards,
    ]);
    done += rows.length;
    after = rows[rows.length - 1].id;
  }
}

/** The columns of a certificates row (KnexCertificateStore.row), in the order of the upsert's values. */
const ROW_COLUMNS = [
  'id',
  'company_id',
  'approval_number',
  'approval_name',
  'priority',
  'status',
  'stage',
  'submitter_id',
  'submitter_name',
  'deadline',
  'overdue',
  'version',
  'content_hash',
  'pdf_key',
  'chain_id',
  'state',
  'completed_at',
  'updated_at',
  'list_card',
] as const;

/**
 * The read-model write's one statement (issue 29: it was four, each a round trip inside the batch commit,
 * the ledger's lock waiting behind them): the row, written when its version is above the stored one
 * (drafts, status created, may always be overwritten by the submitted workflow state), then, only when
 * the row was written, its levels (changed ones updated, gone ones deleted) and its new audit events (an
 * entry already kept stays). Its text is fixed (levels and events go in as JSON), so it runs as one named
 * prepared statement: Postgres parses and plans it once per connection, and no query builder runs per
 * write.
 */
const UPSERT_SQL = `with written as (
         insert into certificates (${ROW_COLUMNS.map((c) => `"${c}"`).join(', ')})
         values (${ROW_COLUMNS.map(() => '?').join(', ')})
         on conflict (id) do update set ${ROW_COLUMNS.filter((c) => c !== 'id')
           .map((c) => `"${c}" = excluded."${c}"`)
           .join(', ')}
          where certificates.version < ? or certificates.status = 'created'
         returning id
       ),
       dropped as (
         delete from certificate_levels where certificate_id = ? and not (level = any(?::int[])) and exists (select 1 from written)
       ),
       kept as (
         insert into certificate_levels (certificate_id, level, level_id, group_name, status, signatures, signed_count, deadline, overdue, signer_ids, signed_ids, signers, signed, comments)
         select x.certificate_id, x.level, x.level_id, x.group_name, x.status, x.signatures, x.signed_count, x.deadline, x.overdue,
                array(select jsonb_array_elements_text(x.signer_ids::jsonb)), array(select jsonb_array_elements_text(x.signed_ids::jsonb)),
                x.signers::jsonb, x.signed::jsonb, x.comments::jsonb
           from json_to_recordset(?::json) as x(certificate_id text, level int, level_id text, group_name text, status text, signatures int,
                signed_count int, deadline timestamptz, overdue boolean, signer_ids text, signed_ids text, signers text, signed text, comments text)
          where exists (select 1 from written)
         on conflict (certificate_id, level) do update set level_id = excluded.level_id, group_name = excluded.group_name, status = excluded.status,
            signatures = excluded.signatures, signed_count = excluded.signed_count, deadline = excluded.deadline, overdue = excluded.overdue,
            signer_ids = excluded.signer_ids, signed_ids = excluded.signed_ids, signers = excluded.signers, signed = excluded.signed, comments = excluded.comments
       ),
       events as (
         insert into certificate_events (certificate_id, seq, at, actor_id, action, level, detail)
         select x.certificate_id, x.seq, x.at, x.actor_id, x.action, x.level, x.detail
           from json_to_recordset(?::json) as x(certificate_id text, seq int, at timestamptz, actor_id text, action text, level int, detail text)
          where exists (select 1 from written)
         on conflict (certificate_id, seq) do nothing
       ),
       told as (
         insert into live_events (company_id, user_id, type, data)
         select ?::uuid, null, ?, ?::jsonb where ?::uuid is not null and exists (select 1 from written)
       )
       select count(*)::int as n from written`;

export class KnexCertificateStore implements CertificateStore {
  constructor(private readonly k: Knex) {}

  private row(s: CertificateState): Record<(typeof ROW_COLUMNS)[number], unknown> {
    const updatedAt = new Date().toISOString(); // ms precision keeps keyset cursors exact
    return {
      id: s.id,
      company_id: s.companyId,
      approval_number: s.approvalNumber,
      approval_name: s.approvalName,
      priority: s.priority,
      status: s.status,
      stage: s.stage,
      submitter_id: s.submitter.id,
      submitter_name: s.submitter.name,
      deadline: s.deadline || null,
      overdue: s.overdue,
      version: s.version,
      content_hash: s.contentHash,
      pdf_key: s.pdfKey ?? null,
      chain_id: s.chainId ?? null,
      state: JSON.stringify(s),
      completed_at: s.completedDate ?? null,
      updated_at: updatedAt,
      list_card: listCardText(s),
    };
  }

  private async writeChildren(trx: Knex.Transaction, s: CertificateState) {
    await trx('certificate_levels').where({ certificate_id: s.id }).delete();
    if (s.levels.length) await trx('certificate_levels').insert(levelRows(s));
    const events = eventRows(s);
    if (events.length) await trx('certificate_events').insert(events).onConflict(['certificate_id', 'seq']).ignore();
  }

  /**
   * One named prepared statement: UPSERT_SQL. A write that moves the read model forward tells the company's
   * open pages in the same statement (live_events), so a write is told exactly when it commits, a retry
   * after a crash included (a change told only after the commit was lost when the process died between).
   */
  async upsert(s: CertificateState): Promise<{ applied: boolean }> {
    const row = this.row(s);
    const levels = levelRows(s).map((l) => ({ ...l, signer_ids: JSON.stringify(l.signer_ids), signed_ids: JSON.stringify(l.signed_ids) }));
    const r = (await prepared(this.k, UPSERT_SQL, [
      ...ROW_COLUMNS.map((c) => row[c]),
      s.version,
      s.id,
      s.levels.map((l) => l.level),
      JSON.stringify(levels),
      JSON.stringify(eventRows(s)),
      ...told(s),
    ])) as { rows: Array<{ n: number }> };
    return { applied: Number(r.rows[0]?.n) > 0 };
  }

  async issuingState(id: string): Promise<{ state: CertificateState; pdfKey: string | null } | null> {
    const [r] = (await preparedResult<{ state: unknown; pdf_key: string | null }>(this.k, 'select state, pdf_key from certificates where id = ?', [id])).rows;
    if (!r) return null;
    return { state: (typeof r.state === 'string' ? JSON.parse(r.state) : r.state) as CertificateState, pdfKey: r.pdf_key ?? null };
  }

  async get(companyId: string, id: string): Promise<StoredCertificate | null> {
    // a named prepared statement: the API reads a certificate this way several times a sign (issue 29)
    const [r] = (
      await preparedResult<Record<string, any>>(this.k, 'select state, version, pdf_key, updated_at from certificates where company_id = ? and id = ?', [
        companyId,
        id,
      ])
    ).rows;
    if (!r) return null;
    const state = typeof r.state === 'string' ? JSON.parse(r.state) : r.state;
    return { state, version: Number(r.version), pdfKey: r.pdf_key, updatedAt: new Date(r.updated_at).toISOString() };
  }

  async withViewerFacts(companyId: string, id: string, viewerId: string): Promise<{ stored: StoredCertificate; facts: CertificateViewerFacts } | null> {
    // ids that are not uuids name nobody in users and signatures (uuid columns): never cast, never matched
    // a named prepared statement: the answer of every sign reads it (issue 29: its planning was the largest of a certificate's)
    const r = await preparedResult<Record<string, any>>(
      this.k,
      `select c.state, c.version, c.pdf_key, c.updated_at,
         (select coalesce(json_agg(json_build_object('id', u.id, 'firstname', u.firstname, 'lastname', u.lastname)), '[]')
            from users u
           where u.id in (select (a->>'actorId')::uuid from jsonb_array_elements(coalesce(c.state->'audit', '[]'::jsonb)) a where a->>'actorId' ~* ?)
             and u.company_id::text = c.company_id and u.deleted_at is null) as names,
         exists(select 1 from signatures s where s.user_id = ?::uuid and s.retired_at is null) as has_signature,
         exists(select 1 from passkeys p where p.user_id = ? and p.removed_at is null) as has_passkey,
         (select coalesce(json_agg(json_build_object('level', v.level, 'userId', v.user_id, 'viewedAt', v.viewed_at)), '[]')
            from certificate_views v where v.certificate_id = c.id) as opened
         from certificates c where c.company_id = ? and c.id = ?`,
      [UUID_PATTERN, isUuid(viewerId) ? viewerId : null, viewerId, companyId, id],
    );
    const row = r.rows[0];
    if (!row) return null;
    const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
    const names = json<Array<{ id: string; firstname: string; lastname: string }>>(row.names);
    const opened = json<Array<{ level: number; userId: string; viewedAt: string }>>(row.opened);
    return {
      stored: {
        state: json<CertificateState>(row.state),
        version: Number(row.version),
        pdfKey: row.pdf_key,
        updatedAt: new Date(row.updated_at).toISOString(),
      },
      facts: {
        viewerId,
        names: new Map(names.map((n) => [n.id, `${n.firstname} ${n.lastname}`.trim()])),
        hasSignature: !!row.has_signature,
        hasPasskey: !!row.has_passkey,
        opened: opened.map((v) => ({ level: Number(v.level), userId: v.userId, viewedAt: new Date(v.viewedAt).toISOString() })),
      },
    };
  }

  async list(q: CertificateListQuery): Promise<CertificatePage> {
    const page = await this.listText(q);
    return { items: JSON.parse(`[${page.cards}]`) as CertificateListCard[], next: page.next };
  }

  /**
   * One prepared statement per page: the stored cards (certificates.list_card, kept by every write) joined
   * by Postgres into the answer's text, so the API neither builds nor parses JSON per card
   * (bench/RESULTS.md "(e)"); the toggle counts come in the same statement.
   */
  listText(q: CertificateListQuery, opts: { counts: true }): Promise<Required<CertificatePageText>>;
  listText(q: CertificateListQuery, opts?: { counts?: boolean }): Promise<CertificatePageText>;
  listText(q: CertificateListQuery, opts: { counts?: boolean } = {}): Promise<CertificatePageText> {
    // Not an async function: the statement's promise, then one step (request-layers.test counts the promises).
    let st: ReturnType<typeof listPageStatement>;
    try {
      st = listPageStatement(q, !!opts.counts);
    } catch (e) {
      return Promise.reject(e as Error); // a bad cursor: a rejected promise, as from an async function
    }
    return preparedRows<PageRow>(this.k, st.sql, st.bindings).then((rows) => {
      const r = rows[0];
      const next = r?.more && r.last_at && r.last_id ? encodeCursor(r.last_at, r.last_id) : null;
      const counts = opts.counts ? { counts: countsOfText(r?.counts) } : {};
      // A row without a stored card (written by bulk SQL, say): the page is built again with its card made from its state.
      if (r?.missing?.length) return this.pageWithMissingCards(q).then((cards) => ({ cards, next, ...counts }));
      return { cards: r?.page ?? '', next, ...counts };
    });
  }

  private async pageWithMissingCards(q: CertificateListQuery): Promise<string> {
    const { sql, bindings, limit } = listPageStatement(q);
    const inner = sql.slice(sql.indexOf('from (select') + 'from ('.length, sql.lastIndexOf(') p'));
    const rows = (await this.k.raw(`select p.list_card, c.state from (${inner}) p join certificates c on c.id = p.id order by p.n`, bindings)).rows as Array<{
      list_card: string | null;
      state: CertificateState | string;
    }>;
    return rows
      .slice(0, limit)
      .map((x) => x.list_card ?? listCardText(typeof x.state === 'string' ? (JSON.parse(x.state) as CertificateState) : x.state))
      .join(',');
  }

  async refreshListCards(companyId?: string): Promise<number> {
    return refreshListCards(this.k, companyId);
  }

  async inFlightLevels(companyId: string, limit: number): Promise<InFlightLevel[]> {
    const rows = await this.k.raw(
      `select c.id, c.approval_number, c.approval_name, c.overdue, l.level, l.group_name, l.status, ${isoSql('l.deadline')} as deadline
         from certificates c join certificate_levels l on l.certificate_id = c.id and l.level = c.stage
        where c.company_id = ? and (c.overdue or c.status = any(?))
        order by c.updated_at desc, c.id desc limit ?`,
      [companyId, ['signing', 'pending', 'rejected'], limit],
    );
    return (rows.rows as Array<Record<string, any>>).map((r) => ({
      id: r.id,
      approvalNumber: r.approval_number,
      approvalName: r.approval_name,
      overdue: r.overdue,
      level: Number(r.level),
      group: r.group_name,
      status: r.status,
      deadline: r.deadline ?? null,
    }));
  }

  async counts(companyId: string): Promise<Record<CertificateListStatus, number>> {
    // Kept by triggers on certificates (migration 008), written at each writer's COMMIT (076): a few rows instead of a scan of the company's certificates.
    const { rows } = (await prepared(this.k, 'select status, overdue, n from certificate_counts where company_id = ?', [companyId])) as {
      rows: Array<{ status: CertificateStatus; overdue: boolean; n: string | number }>;
    };
    return countsOf(rows);
  }

  async saveDraft(s: CertificateState): Promise<void> {
    if (s.status !== 'created') throw new AppError('CERTIFICATE_NOT_EDITABLE');
    await this.k.transaction(async (trx) => {
      const taken = await trx('certificates').where({ company_id: s.companyId, approval_number: s.approvalNumber }).first('id');
      if (taken) throw new AppError('DUPLICATE_NUMBER');
      await trx('certificates').insert(this.row(s));
      await this.writeChildren(trx, s);
    });
  }

  async updateDraft(s: CertificateState): Promise<void> {
    await this.k.transaction(async (trx) => {
      const cur = await trx('certificates').where({ company_id: s.companyId, id: s.id }).forUpdate().first('status');
      if (!cur) throw new AppError('NOT_FOUND');
      if (cur.status !== 'created' || s.status !== 'created') throw new AppError('CERTIFICATE_NOT_EDITABLE');
      const taken = await trx('certificates').where({ company_id: s.companyId, approval_number: s.approvalNumber }).whereNot({ id: s.id }).first('id');
      if (taken) throw new AppError('DUPLICATE_NUMBER');
      await trx('certificates').where({ id: s.id }).update(this.row(s));
      await this.writeChildren(trx, s);
    });
  }

  async deleteDraft(companyId: string, id: string): Promise<boolean> {
    // The ids of the deleted rows, not delete()'s count: knex-pglite answers delete() with its response
    // object rather than a number, so a count would read false on PGlite.
    const gone = await this.k('certificates').where({ company_id: companyId, id, status: 'created' }).delete().returning('id');
    if (gone.length) await this.k('certificate_events').where({ certificate_id: id }).delete();
    return gone.length > 0;
  }

  async recordPdfHash(id: string, sha256: string): Promise<void> {
    await prepared(this.k, 'update certificates set pdf_sha256 = ? where id = ?', [sha256, id]);
  }

  async audit(companyId: string, id: string): Promise<CertificateState['audit']> {
    const rows = await this.k('certificate_events as e')
      .join('certificates as c', 'c.id', 'e.certificate_id')
      .where({ 'c.company_id': companyId, 'e.certificate_id': id })
      .orderBy('e.seq')
      .select('e.*');
    return rows.map((r) => ({
      at: new Date(r.at).toISOString(),
      actorId: r.actor_id,
      action: r.action,
      ...(r.level != null ? { level: r.level } : {}),
      ...(r.detail ? { detail: r.detail } : {}),
    }));
  }

  async nextFreeNumber(companyId: string, prefix: string): Promise<string> {
    const used = new Set<string>(
      await this.k('certificates').where({ company_id: companyId }).whereILike('approval_number', `${prefix}%`).pluck('approval_number'),
    );
    for (let n = 1; ; n++) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`;
  }

  async findPublic(
    by: { number: string; companyId: string } | { number: string; hashPrefix: string } | { hash: string } | { pdfSha256: string },
  ): Promise<PublicCertificate | null> {
    let q = this.k('certificates').where({ status: 'done' });
    if ('hash' in by) q = q.where({ content_hash: by.hash });
    else if ('pdfSha256' in by) q = q.where({ pdf_sha256: by.pdfSha256 });
    else if ('hashPrefix' in by) q = q.where({ approval_number: by.number }).where('content_hash', 'like', `${by.hashPrefix.replace(/[^0-9a-f]/g, '')}%`);
    else q = q.where({ approval_number: by.number, company_id: by.companyId });
    // a number and a code name one certificate; two would be a collision of 48 bits, answered as none
    const rows = await q
      .limit(2)
      .select('state', 'pdf_sha256', 'issuer', 'revoked_at', 'revoked_by', 'revoked_by_name', 'revocation_reason', 'revocation_tx_id');
    if (rows.length !== 1) return null;
    const row = rows[0];
    return {
      state: jsonOf<CertificateState>(row.state)!,
      pdfSha256: row.pdf_sha256 ?? null,
      revocation: revocationOfRow(row),
      issuer: jsonOf<FrozenIssuer>(row.issuer),
    };
  }

  async freezeIssuer(id: string, issuer: FrozenIssuer): Promise<void> {
    await prepared(this.k, 'update certificates set issuer = ? where id = ? and issuer is null', [JSON.stringify(issuer), id]);
  }

  async companiesOf(ids: string[]): Promise<Map<string, string>> {
    const valid = [...new Set(ids)].filter((x) => /^[0-9a-f-]{36}$/i.test(x));
    if (!valid.length) return new Map();
    const rows = await this.k('certificates').whereIn('id', valid).select('id', 'company_id');
    return new Map(rows.map((r) => [r.id as string, r.company_id as string]));
  }

  async frozenIssuer(id: string): Promise<FrozenIssuer | null> {
    const [row] = (await preparedResult<{ issuer: unknown }>(this.k, 'select issuer from certificates where id = ?', [id])).rows;
    return jsonOf<FrozenIssuer>(row?.issuer);
  }

  async farmRecordUses(companyId: string, farmRecordId?: string): Promise<FarmRecordUse[]> {
    const q = this.k('certificates')
      .where({ company_id: companyId })
      .whereIn('status', [...HOLDING_STATUSES])
      .whereRaw(`state->'approvalDoc'->>'id' is not null`)
      .select('id', 'approval_number', 'status', this.k.raw(`state->'approvalDoc'->>'id' as farm_record_id`));
    if (farmRecordId) q.whereRaw(`state->'approvalDoc'->>'id' = ?`, [farmRecordId]);
    const rows = (await q) as Array<{ id: string; approval_number: string; status: CertificateStatus; farm_record_id: string }>;
    return rows.map((r) => ({ farmRecordId: r.farm_record_id, certificateId: r.id, approvalNumber: r.approval_number, status: r.status }));
  }

  async revocationOf(companyId: string, id: string): Promise<Revocation | null> {
    const row = await this.k('certificates')
      .where({ company_id: companyId, id })
      .first('revoked_at', 'revoked_by', 'revoked_by_name', 'revocation_reason', 'revocation_tx_id');
    return row ? revocationOfRow(row) : null;
  }

  async revoke(companyId: string, id: string, r: Revocation): Promise<boolean> {
    const rows = await this.k('certificates')
      .where({ company_id: companyId, id, status: 'done' })
      .whereNull('revoked_at')
      .update({ revoked_at: r.at, revoked_by: r.byId, revoked_by_name: r.by, revocation_reason: r.reason, revocation_tx_id: r.txId })
      .returning('id');
    return rows.length > 0;
  }

  async holdsDocumentVersion(companyId: string, documentId: string, version: number): Promise<boolean> {
    const held = JSON.stringify([{ id: documentId, version }]);
    const r = await this.k('certificates').where({ company_id: companyId }).whereRaw(`state->'supportDocs' @> ?::jsonb`, [held]).first('id');
    return !!r;
  }

  async numberOfIssuedPdf(sha256: string): Promise<string | null> {
    const row = await this.k('certificates').where({ status: 'done', pdf_sha256: sha256 }).first('approval_number');
    return row?.approval_number ?? null;
  }
}
