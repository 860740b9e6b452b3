import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { ComplianceDocumentStatus, ComplianceDocumentType, ComplianceStatus, StoredComplianceReport } from '@grain/domain';

export interface ComplianceRow {
  id: string;
  companyId: string;
  userId: string;
  status: ComplianceStatus;
  documents: Record<ComplianceDocumentType, string | null>;
  report: StoredComplianceReport | null;
  reportError: string | null;
  inspector: string | null;
  dateOfIssue: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ComplianceDocumentRow {
  id: string;
  companyId: string;
  userId: string;
  complianceId: string;
  documentType: ComplianceDocumentType;
  fileName: string;
  storageKey: string;
  mime: string | null;
  size: number;
  status: ComplianceDocumentStatus;
  error: string | null;
  documentSummary: unknown;
  /** The summary after the user's review (null until reviewed, or when the review changed nothing). */
  reviewedSummary: unknown;
  correctedFields: string[];
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
  processedAt: string | null;
}

/** Column of compliances holding the chosen document of each type. */
export const SLOT_COLUMN: Record<ComplianceDocumentType, string> = {
  establishment_update: 'establishment_doc_id',
  haccp_plan_update: 'haccp_plan_doc_id',
  management_plan_update: 'management_plan_doc_id',
  pest_control_update: 'pest_control_doc_id',
};

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? null));

function toCompliance(r: Record<string, unknown>): ComplianceRow {
  const documents = {} as Record<ComplianceDocumentType, string | null>;
  for (const [t, col] of Object.entries(SLOT_COLUMN)) documents[t as ComplianceDocumentType] = (r[col] as string) ?? null;
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    userId: String(r.user_id),
    status: r.status as ComplianceStatus,
    documents,
    report: json(r.report),
    reportError: (r.report_error as string) ?? null,
    inspector: (r.inspector as string) ?? null,
    dateOfIssue: iso(r.date_of_issue),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

/** Every column but the extracted text (megabytes for a long document): read it only through documentText. */
const DOCUMENT_COLUMNS = [
  'id',
  'company_id',
  'user_id',
  'compliance_id',
  'document_type',
  'file_name',
  'storage_key',
  'mime',
  'size',
  'status',
  'error',
  'document_summary',
  'reviewed_summary',
  'corrected_fields',
  'reviewed_by',
  'reviewed_at',
  'created_at',
  'processed_at',
];

function toDocument(r: Record<string, unknown>): ComplianceDocumentRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    userId: String(r.user_id),
    complianceId: String(r.compliance_id),
    documentType: r.document_type as ComplianceDocumentType,
    fileName: String(r.file_name),
    storageKey: String(r.storage_key),
    mime: (r.mime as string) ?? null,
    size: Number(r.size),
    status: r.status as ComplianceDocumentStatus,
    error: (r.error as string) ?? null,
    documentSummary: json(r.document_summary),
    reviewedSummary: json(r.reviewed_summary),
    correctedFields: (json(r.corrected_fields) as string[] | null) ?? [],
    reviewedBy: (r.reviewed_by as string) ?? null,
    reviewedAt: iso(r.reviewed_at),
    createdAt: iso(r.created_at)!,
    processedAt: iso(r.processed_at),
  };
}

type NewComplianceDocument = {
  companyId: string;
  userId: string;
  complianceId: string;
  documentType: ComplianceDocumentType;
  fileName: string;
  storageKey: string;
  mime?: string;
  size: number;
};

/**
 * Compliance submissions and their documents. Every read that starts from a caller names the
 * caller's company; the activity-side writes take ids that the workflow got from a scoped call.
 */
export interface ComplianceStore {
  /** The submission with this id, created for the caller on first use; null when another company's. */
  ensure(id: string, owner: { companyId: string; userId: string }): Promise<ComplianceRow | null>;
  byId(id: string, companyId: string): Promise<ComplianceRow | null>;
  /** The company of a submission: activities get only the id (from a workflow started by a scoped call). */
  companyOf(id: string): Promise<string | null>;
  /** Newest first; only submissions that reached an audit or hold a document (not empty drafts). */
  list(companyId: string, opts?: { limit?: number }): Promise<ComplianceRow[]>;
  setStatus(id: string, status: ComplianceStatus, extra?: { reportError?: string | null }): Promise<void>;
  setDocument(id: string, type: ComplianceDocumentType, documentId: string): Promise<void>;
  /** Records the documents the audit reads and marks the submission auditing, in one transaction. */
  startAudit(id: string, documents: Partial<Record<ComplianceDocumentType, string | null | undefined>>): Promise<void>;
  saveReport(id: string, report: StoredComplianceReport): Promise<void>;
  addDocument(d: NewComplianceDocument): Promise<ComplianceDocumentRow>;
  /** A document by id; with companyId, only if it belongs to that company. */
  document(id: string, companyId?: string): Promise<ComplianceDocumentRow | null>;
  documentText(id: string): Promise<string | null>;
  documentsOf(complianceId: string): Promise<ComplianceDocumentRow[]>;
  /** Processed documents of the company, newest first: the create screen's dropdowns. */
  processedDocuments(companyId: string, opts?: { limit?: number }): Promise<ComplianceDocumentRow[]>;
  markProcessed(id: string, text: string, summary: unknown): Promise<void>;
  markFailed(id: string, error: string): Promise<void>;
  /** Records the user's review of a summary; a review that corrected nothing leaves the extracted summary in force. */
  saveReview(id: string, review: { summary: unknown; correctedFields: string[]; userId: string }): Promise<void>;
}

// The writes a single method makes and startAudit makes together in its transaction, over either handle.
async function setStatus(k: Knex, id: string, status: ComplianceStatus, extra: { reportError?: string | null }): Promise<void> {
  await k('compliances')
    .where({ id })
    .update({ status, updated_at: new Date(), ...(extra.reportError !== undefined ? { report_error: extra.reportError?.slice(0, 500) ?? null } : {}) });
}
async function setDocument(k: Knex, id: string, type: ComplianceDocumentType, documentId: string): Promise<void> {
  await k('compliances')
    .where({ id })
    .update({ [SLOT_COLUMN[type]]: documentId, updated_at: new Date() });
}

export class KnexComplianceStore implements ComplianceStore {
  constructor(private readonly k: Knex) {}

  /**
   * The submission with this id, created for the caller on first use (the create screen gets a fresh
   * id before anything is stored). Null when the id belongs to another company.
   */
  async ensure(id: string, owner: { companyId: string; userId: string }): Promise<ComplianceRow | null> {
    await this.k('compliances').insert({ id, company_id: owner.companyId, user_id: owner.userId }).onConflict('id').ignore();
    return this.byId(id, owner.companyId);
  }

  async byId(id: string, companyId: string): Promise<ComplianceRow | null> {
    const r = await this.k('compliances').where({ id, company_id: companyId }).first();
    return r ? toCompliance(r) : null;
  }

  /** The company of a submission: activities get only the id (from a workflow started by a scoped call). */
  async companyOf(id: string): Promise<string | null> {
    const r = await this.k('compliances').where({ id }).first('company_id');
    return r ? String(r.company_id) : null;
  }

  /** Newest first; only submissions that reached an audit or hold a document (not empty drafts). */
  async list(companyId: string, opts: { limit?: number } = {}): Promise<ComplianceRow[]> {
    const rows = await this.k('compliances')
      .where({ company_id: companyId })
      .where((w) =>
        w
          .whereNot('status', 'draft')
          .orWhereExists((q) => q.select(this.k.raw('1')).from('compliance_documents as d').whereRaw('d.compliance_id = compliances.id')),
      )
      .orderBy('updated_at', 'desc')
      .limit(Math.min(opts.limit ?? 500, 2000));
    return rows.map(toCompliance);
  }

  async setStatus(id: string, status: ComplianceStatus, extra: { reportError?: string | null } = {}): Promise<void> {
    await setStatus(this.k, id, status, extra);
  }

  async setDocument(id: string, type: ComplianceDocumentType, documentId: string): Promise<void> {
    await setDocument(this.k, id, type, documentId);
  }

  /** Records the documents the audit reads and marks the submission auditing, in one transaction. */
  async startAudit(id: string, documents: Partial<Record<ComplianceDocumentType, string | null | undefined>>): Promise<void> {
    await this.k.transaction(async (tx) => {
      for (const [type, documentId] of Object.entries(documents)) if (documentId) await setDocument(tx, id, type as ComplianceDocumentType, documentId);
      await setStatus(tx, id, 'auditing', { reportError: null });
    });
  }

  async saveReport(id: string, report: StoredComplianceReport): Promise<void> {
    await this.k('compliances')
      .where({ id })
      .update({
        report: JSON.stringify(report),
        inspector: report.inspector.slice(0, 200),
        date_of_issue: new Date(report.report_date),
        status: 'audited',
        report_error: null,
        updated_at: new Date(),
      });
  }

  async addDocument(d: NewComplianceDocument): Promise<ComplianceDocumentRow> {
    const id = randomUUID();
    await this.k('compliance_documents').insert({
      id,
      company_id: d.companyId,
      user_id: d.userId,
      compliance_id: d.complianceId,
      document_type: d.documentType,
      file_name: d.fileName.slice(0, 255),
      storage_key: d.storageKey,
      mime: d.mime?.slice(0, 100) ?? null,
      size: d.size,
    });
    return (await this.document(id))!;
  }

  /** A document by id; with companyId, only if it belongs to that company. */
  async document(id: string, companyId?: string): Promise<ComplianceDocumentRow | null> {
    const q = this.k('compliance_documents').where({ id });
    if (companyId) q.where({ company_id: companyId });
    const r = await q.first(DOCUMENT_COLUMNS);
    return r ? toDocument(r) : null;
  }

  async documentText(id: string): Promise<string | null> {
    const r = await this.k('compliance_documents').where({ id }).first('text_content');
    return r?.text_content ?? null;
  }

  async documentsOf(complianceId: string): Promise<ComplianceDocumentRow[]> {
    return (await this.k('compliance_documents').select(DOCUMENT_COLUMNS).where({ compliance_id: complianceId }).orderBy('created_at', 'asc')).map(toDocument);
  }

  /** Processed documents of the company, newest first: the create screen's dropdowns. */
  async processedDocuments(companyId: string, opts: { limit?: number } = {}): Promise<ComplianceDocumentRow[]> {
    const rows = await this.k('compliance_documents')
      .select(DOCUMENT_COLUMNS)
      .where({ company_id: companyId, status: 'processed' })
      .orderBy('created_at', 'desc')
      .limit(Math.min(opts.limit ?? 200, 1000));
    return rows.map(toDocument);
  }

  async markProcessed(id: string, text: string, summary: unknown): Promise<void> {
    await this.k('compliance_documents')
      .where({ id })
      .update({
        status: 'processed',
        error: null,
        text_content: text,
        document_summary: JSON.stringify(summary),
        processed_at: new Date(),
      });
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.k('compliance_documents')
      .where({ id })
      .update({ status: 'failed', error: error.slice(0, 500), processed_at: new Date() });
  }

  async saveReview(id: string, review: { summary: unknown; correctedFields: string[]; userId: string }): Promise<void> {
    const corrected = review.correctedFields.length > 0;
    await this.k('compliance_documents')
      .where({ id })
      .update({
        reviewed_summary: corrected ? JSON.stringify(review.summary) : null,
        corrected_fields: JSON.stringify(review.correctedFields),
        reviewed_by: review.userId,
        reviewed_at: new Date(),
      });
  }
}
