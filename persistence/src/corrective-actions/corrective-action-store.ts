import type { Knex } from 'knex';
import { OWNER_WORK_STATUSES, type ActionSeverity, type ActionStatus, type CorrectiveActionState, type EvidenceRef } from '@grain/domain';
import { inTransaction } from '../in-transaction';

/** Which actions a list asks for: a status, or 'open' (not verified), 'closed', 'overdue'. */
export interface ActionListFilter {
  status?: ActionStatus | 'open_any' | 'closed' | 'overdue';
  complianceId?: string;
  severity?: ActionSeverity;
  ownerId?: string;
  /** The same farm: its key (registration number, else name), or its name where one audit had no registration. */
  farm?: { key: string; name: string };
}

export interface NewEvidence extends EvidenceRef {
  actionId: string;
  companyId: string;
  storageKey: string;
  uploadedBy: string;
}

export interface EvidenceRow extends NewEvidence {
  submittedRound: number | null;
  createdAt: string;
}

/**
 * The corrective actions' read model: each workflow writes its state after every change (save, only
 * forward by version), the API inserts the first state when it starts the workflow (insertNew, one
 * action per finding), lists and counts read the columns. Evidence is stored before its fix is
 * submitted and bound to the fix's round when the state that names it is saved; bound evidence is
 * never changed or removed.
 */
export interface CorrectiveActionStore {
  /** false when the finding already has an action. */
  insertNew(s: CorrectiveActionState): Promise<boolean>;
  /** Undoes insertNew when the workflow could not be started. */
  removeUnstarted(id: string): Promise<void>;
  save(s: CorrectiveActionState): Promise<{ applied: boolean }>;
  byId(companyId: string, id: string): Promise<CorrectiveActionState | null>;
  list(companyId: string, filter?: ActionListFilter): Promise<CorrectiveActionState[]>;
  /** Actions the user owns and must work on, and fixes they may judge (not their own). */
  waitingFor(companyId: string, userId: string, canVerify: boolean): Promise<{ toFix: CorrectiveActionState[]; toVerify: CorrectiveActionState[] }>;
  addEvidence(e: NewEvidence): Promise<EvidenceRow>;
  evidence(companyId: string, actionId: string, id: string): Promise<EvidenceRow | null>;
  /** Evidence of the action not yet bound to a fix, of these ids. */
  unboundEvidence(companyId: string, actionId: string, ids: string[]): Promise<EvidenceRow[]>;
  /** Removes evidence not yet bound; false when it is bound (or missing). */
  removeUnboundEvidence(companyId: string, actionId: string, id: string): Promise<{ removed: boolean; storageKey?: string }>;
  /**
   * The number of open critical actions of the company when the certificate was issued: recorded on the
   * first call and answered unchanged ever after.
   */
  openCriticalAtIssue(certificateId: string, companyId: string): Promise<number>;
}

const iso = (v: unknown) => new Date(v as string).toISOString();
const stateOf = (r: { state: unknown }): CorrectiveActionState => (typeof r.state === 'string' ? JSON.parse(r.state) : r.state) as CorrectiveActionState;

function toEvidence(r: Record<string, unknown>): EvidenceRow {
  return {
    id: String(r.id),
    actionId: String(r.action_id),
    companyId: String(r.company_id),
    fileName: String(r.file_name),
    mime: String(r.mime),
    size: Number(r.size),
    sha256: String(r.sha256),
    storageKey: String(r.storage_key),
    uploadedBy: String(r.uploaded_by),
    submittedRound: r.submitted_round === null || r.submitted_round === undefined ? null : Number(r.submitted_round),
    createdAt: iso(r.created_at),
  };
}

export class KnexCorrectiveActionStore implements CorrectiveActionStore {
  constructor(private readonly k: Knex) {}

  private row(s: CorrectiveActionState) {
    return {
      id: s.id,
      company_id: s.companyId,
      compliance_id: s.finding.complianceId,
      check_index: s.finding.checkIndex,
      check_item: s.finding.check,
      farm_key: s.farm.key,
      farm_name: s.farm.name,
      severity: s.severity,
      status: s.status,
      owner_id: s.owner.id,
      due_at: s.dueAt,
      overdue: s.overdue,
      escalated: s.escalated,
      created_at: s.createdAt,
      closed_at: s.closedAt,
      updated_at: this.k.fn.now(),
      version: s.version,
      state: JSON.stringify(s),
    };
  }

  async insertNew(s: CorrectiveActionState): Promise<boolean> {
    const written = await this.k('corrective_actions').insert(this.row(s)).onConflict(['compliance_id', 'check_index']).ignore().returning('id');
    return written.length > 0;
  }

  async removeUnstarted(id: string): Promise<void> {
    await this.k('corrective_actions').where({ id, version: 1 }).delete();
  }

  async save(s: CorrectiveActionState): Promise<{ applied: boolean }> {
    return inTransaction(this.k, async (trx) => {
      const written = await trx('corrective_actions')
        .insert(this.row(s))
        .onConflict('id')
        .merge()
        .where('corrective_actions.version', '<', s.version)
        .returning('id');
      if (written.length === 0) return { applied: false };
      // the evidence each submitted fix names becomes its round's, for good
      for (const f of s.fixes) {
        const ids = f.evidence.map((e) => e.id);
        if (ids.length)
          await trx('corrective_action_evidence')
            .where({ action_id: s.id })
            .whereIn('id', ids)
            .whereNull('submitted_round')
            .update({ submitted_round: f.round, submitted_at: f.at });
      }
      return { applied: true };
    });
  }

  async byId(companyId: string, id: string): Promise<CorrectiveActionState | null> {
    const r = await this.k('corrective_actions').where({ company_id: companyId, id }).first('state');
    return r ? stateOf(r) : null;
  }

  async list(companyId: string, f: ActionListFilter = {}): Promise<CorrectiveActionState[]> {
    const q = this.k('corrective_actions').where({ company_id: companyId });
    if (f.status === 'open_any') q.whereNot({ status: 'verified' });
    else if (f.status === 'closed') q.where({ status: 'verified' });
    else if (f.status === 'overdue') q.where({ overdue: true }).whereNot({ status: 'verified' });
    else if (f.status) q.where({ status: f.status });
    if (f.complianceId) q.where({ compliance_id: f.complianceId });
    if (f.severity) q.where({ severity: f.severity });
    if (f.ownerId) q.where({ owner_id: f.ownerId });
    const farm = f.farm;
    if (farm) q.where((w) => w.where({ farm_key: farm.key }).orWhereRaw('lower(farm_name) = lower(?)', [farm.name || farm.key]));
    const rows = await q
      .orderBy([{ column: 'due_at', order: 'asc' }, { column: 'id' }])
      .limit(1000)
      .select('state');
    return rows.map(stateOf);
  }

  async waitingFor(companyId: string, userId: string, canVerify: boolean) {
    const toFix = (
      await this.k('corrective_actions')
        .where({ company_id: companyId, owner_id: userId })
        .whereIn('status', [...OWNER_WORK_STATUSES])
        .orderBy('due_at')
        .limit(200)
        .select('state')
    ).map(stateOf);
    const toVerify = canVerify
      ? (
          await this.k('corrective_actions')
            .where({ company_id: companyId, status: 'fix_submitted' })
            .whereNot({ owner_id: userId })
            .orderBy('updated_at')
            .limit(200)
            .select('state')
        ).map(stateOf)
      : [];
    return { toFix, toVerify };
  }

  async addEvidence(e: NewEvidence): Promise<EvidenceRow> {
    const [r] = await this.k('corrective_action_evidence')
      .insert({
        id: e.id,
        action_id: e.actionId,
        company_id: e.companyId,
        file_name: e.fileName,
        mime: e.mime,
        size: e.size,
        sha256: e.sha256,
        storage_key: e.storageKey,
        uploaded_by: e.uploadedBy,
      })
      .returning('*');
    return toEvidence(r);
  }

  async evidence(companyId: string, actionId: string, id: string): Promise<EvidenceRow | null> {
    const r = await this.k('corrective_action_evidence').where({ company_id: companyId, action_id: actionId, id }).first();
    return r ? toEvidence(r) : null;
  }

  async unboundEvidence(companyId: string, actionId: string, ids: string[]): Promise<EvidenceRow[]> {
    if (!ids.length) return [];
    const rows = await this.k('corrective_action_evidence')
      .where({ company_id: companyId, action_id: actionId })
      .whereIn('id', ids)
      .whereNull('submitted_round');
    return rows.map(toEvidence);
  }

  async removeUnboundEvidence(companyId: string, actionId: string, id: string) {
    const [r] = await this.k('corrective_action_evidence')
      .where({ company_id: companyId, action_id: actionId, id })
      .whereNull('submitted_round')
      .delete()
      .returning('storage_key');
    return r ? { removed: true, storageKey: String(r.storage_key) } : { removed: false };
  }

  async openCriticalAtIssue(certificateId: string, companyId: string): Promise<number> {
    // one statement (issue 29: a transaction of six, three once frozen): the kept count, else the count now, kept
    const r = await this.k.raw<{ rows: Array<{ open_critical: number | string }> }>(
      `with kept as (select open_critical from certificate_action_facts where certificate_id = ?),
       made as (
         insert into certificate_action_facts (certificate_id, company_id, open_critical)
         select ?, ?, (select count(*) from corrective_actions where company_id = ? and severity = 'critical' and not status = 'verified')
          where not exists (select 1 from kept)
         on conflict (certificate_id) do nothing
         returning open_critical
       )
       select open_critical from kept union all select open_critical from made`,
      [certificateId, certificateId, companyId, companyId],
    );
    if (r.rows[0]) return Number(r.rows[0].open_critical);
    // two first reads at once: the other froze it after this statement's snapshot; it is there now
    const now = await this.k('certificate_action_facts').where({ certificate_id: certificateId }).first('open_critical');
    return Number(now.open_critical);
  }
}
