import type { Knex } from 'knex';
import { AppError, type CertificateState, type CertificateStatus } from '@grain/domain';
import { fromRow, levelRows, LIST_COLUMNS, LIST_DOC_TYPE, LIST_LEVEL_COLUMNS, type CertificateRow, type CertificateSummary } from './certificate-rows';

export type { CertificateSummary } from './certificate-rows';

/** The list filter: real statuses plus 'overdue' (the display-only state of spec 000 §4). */
export type CertificateListStatus = CertificateStatus | 'overdue';

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
  items: CertificateSummary[];
  next: string | null;
}

export interface StoredCertificate {
  state: CertificateState;
  version: number;
  pdfKey: string | null;
  updatedAt: string;
}

/**
 * The certificate read model. The workflow writes it (`upsert`, versioned: a write with a version not
 * above the stored one is ignored, so a retried or late write never moves a row backwards); the API
 * reads it and keeps drafts (status created) in it until submit. Every read is scoped to a company.
 */
export interface CertificateStore {
  upsert(state: CertificateState): Promise<{ applied: boolean }>;
  get(companyId: string, id: string): Promise<StoredCertificate | null>;
  list(q: CertificateListQuery): Promise<CertificatePage>;
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

export class KnexCertificateStore implements CertificateStore {
  constructor(private readonly k: Knex) {}

  private row(s: CertificateState) {
    return {
      id: s.id, company_id: s.companyId, approval_number: s.approvalNumber, approval_name: s.approvalName, priority: s.priority,
      status: s.status, stage: s.stage, submitter_id: s.submitter.id, submitter_name: s.submitter.name,
      deadline: s.deadline || null, overdue: s.overdue, version: s.version, content_hash: s.contentHash,
      pdf_key: s.pdfKey ?? null, chain_id: s.chainId ?? null, state: JSON.stringify(s),
      completed_at: s.completedDate ?? null, updated_at: new Date().toISOString(), // ms precision keeps keyset cursors exact
    };
  }

  private async writeChildren(trx: Knex.Transaction, s: CertificateState) {
    await trx('certificate_levels').where({ certificate_id: s.id }).delete();
    if (s.levels.length) await trx('certificate_levels').insert(levelRows(s));
    const events = s.audit.map((e, seq) => ({ certificate_id: s.id, seq, at: e.at || new Date().toISOString(), actor_id: e.actorId, action: e.action, level: e.level ?? null, detail: e.detail ?? null }));
    if (events.length) await trx('certificate_events').insert(events).onConflict(['certificate_id', 'seq']).ignore();
  }

  async upsert(s: CertificateState): Promise<{ applied: boolean }> {
    return this.k.transaction(async (trx) => {
      const row = this.row(s);
      // Drafts (status created) may always be overwritten by the submitted workflow state.
      const written = await trx('certificates').insert(row).onConflict('id').merge()
        .where('certificates.version', '<', s.version).orWhere('certificates.status', '=', 'created').returning('id');
      if (written.length === 0) return { applied: false };
      await this.writeChildren(trx, s);
      return { applied: true };
    });
  }

  async get(companyId: string, id: string): Promise<StoredCertificate | null> {
    const r = await this.k('certificates').where({ company_id: companyId, id }).first();
    if (!r) return null;
    const state = typeof r.state === 'string' ? JSON.parse(r.state) : r.state;
    return { state, version: Number(r.version), pdfKey: r.pdf_key, updatedAt: new Date(r.updated_at).toISOString() };
  }

  async list(q: CertificateListQuery): Promise<CertificatePage> {
    const limit = Math.min(Math.max(q.limit ?? 20, 1), 100);
    let query = this.k<CertificateRow>('certificates').select([...LIST_COLUMNS, this.k.raw(LIST_DOC_TYPE)]).where('company_id', q.companyId);
    if (q.statuses?.length) {
      const real = q.statuses.filter((x) => x !== 'overdue');
      const wantOverdue = q.statuses.includes('overdue');
      query = query.where((w) => {
        if (real.length) w.orWhere((x) => x.whereIn('status', real).andWhere('overdue', false));
        if (wantOverdue) w.orWhere('overdue', true);
      });
    }
    if (q.search) {
      const like = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      query = query.where((w) => w.whereILike('approval_number', like).orWhereILike('approval_name', like));
    }
    if (q.signerId) {
      query = query.whereExists((e) => e.select(this.k.raw('1')).from('certificate_levels as l')
        .whereRaw('l.certificate_id = certificates.id and l.level = certificates.stage and ? = any(l.signer_ids)', [q.signerId as string]));
    }
    if (q.after) {
      const [at, id] = decodeCursor(q.after);
      query = query.whereRaw('(updated_at, id) < (?::timestamptz, ?)', [at, id]);
    }
    const rows = (await query.orderBy([{ column: 'updated_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit + 1)) as unknown as CertificateRow[];
    const page = rows.slice(0, limit);
    const levels = page.length
      ? await this.k('certificate_levels').select(LIST_LEVEL_COLUMNS).whereIn('certificate_id', page.map((r) => r.id)).orderBy(['certificate_id', 'level'])
      : [];
    const items = page.map((r) => fromRow(r, levels.filter((l) => l.certificate_id === r.id)));
    const last = page[page.length - 1];
    return { items, next: rows.length > limit && last ? encodeCursor(new Date(last.updated_at).toISOString(), last.id) : null };
  }

  async counts(companyId: string): Promise<Record<CertificateListStatus, number>> {
    const out: Record<CertificateListStatus, number> = { created: 0, signing: 0, pending: 0, rejected: 0, done: 0, cancelled: 0, overdue: 0 };
    // Kept by triggers on certificates (migration 008): a few rows instead of a scan of the company's certificates.
    const rows = await this.k('certificate_counts').where({ company_id: companyId }).select('status', 'overdue', 'n');
    for (const r of rows as Array<{ status: CertificateStatus; overdue: boolean; n: string | number }>) {
      if (r.overdue) out.overdue += Number(r.n);
      else out[r.status] = (out[r.status] ?? 0) + Number(r.n);
    }
    return out;
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
    const n = await this.k('certificates').where({ company_id: companyId, id, status: 'created' }).delete();
    if (n) await this.k('certificate_events').where({ certificate_id: id }).delete();
    return n > 0;
  }

  async recordPdfHash(id: string, sha256: string): Promise<void> {
    await this.k('certificates').where({ id }).update({ pdf_sha256: sha256 });
  }

  async audit(companyId: string, id: string): Promise<CertificateState['audit']> {
    const rows = await this.k('certificate_events as e').join('certificates as c', 'c.id', 'e.certificate_id')
      .where({ 'c.company_id': companyId, 'e.certificate_id': id }).orderBy('e.seq').select('e.*');
    return rows.map((r) => ({ at: new Date(r.at).toISOString(), actorId: r.actor_id, action: r.action, ...(r.level != null ? { level: r.level } : {}), ...(r.detail ? { detail: r.detail } : {}) }));
  }
}
