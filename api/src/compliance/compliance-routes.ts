import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type Router, type ErrorRequestHandler } from 'express';
import {
  AppError,
  can,
  COMPLIANCE_DOCUMENT_TYPES,
  farmOfEstablishment,
  COMPLIANCE_KINDS,
  complianceDetailView,
  complianceListView,
  complianceWorkflowId,
  documentView,
  getAuditRequestSchema,
  isAppError,
  kindOfSegment,
  MAX_UPLOAD_BYTES,
  reviewedSummarySchemas,
  type ComplianceAuditStartedAnswer,
  type ComplianceDetailAnswer,
  type ComplianceDocumentAnswer,
  type ComplianceDocumentType,
  type ComplianceFormInfoAnswer,
  type ComplianceListAnswer,
  type ComplianceUploadAnswer,
  type MessageCode,
} from '@grain/domain';
import { checkUnpackedSize, TextExtractError } from '@grain/adapters';
import { appErrorCodeOf, complianceSubmitUpdate, complianceWorkflow, documentUploadedSignal, reviewSummaryUpdate } from '@grain/workflows';
import type { WorkflowHandle } from '@temporalio/client';
import type { ApiDeps } from '../deps';
import { requirePermission } from '../http/auth-middleware';
import { featureRouter, uuidParam } from '../http/params';
import { scopeOf } from '../http/scope';
import { langOf } from '../http/lang';
import { errorText, setRetryHint } from '../http/errors';
import { withinDeadline } from '../http/temporal-deadline';
import { singleFile } from '../http/uploads';
import { checkFileName, detectFileTypeOfFile, isPlainTextFile } from '../http/file-checks';
import { parseInput } from '../http/parse-input';
import { complianceReportHtml } from './report-html';

/** Compliance belongs to a company (scopeOf: a signed-in user without one cannot take part). */
type Scope = ReturnType<typeof scopeOf>;
/** A document that would unpack past the limits is refused now, not found out later by the reader. */
function refuseZipBomb(file: Buffer, fileName: string): void {
  try {
    checkUnpackedSize(file, fileName);
  } catch (e) {
    if (e instanceof TextExtractError) throw new AppError(e.code);
    throw e;
  }
}
const utf8Name = (raw: string) => {
  const fixed = Buffer.from(raw, 'latin1').toString('utf8');
  return fixed.includes('\uFFFD') ? raw : fixed;
};

/**
 * The compliance calls of docs/spec/farm-data-and-documents.md §7: /api/compliance/... (create info, submit for audit, detail,
 * list) and the AI service paths under /openai (uploads per document type, list, report PDF).
 * Everything is scoped to the caller's company; another company's submission answers 404. Reading
 * (form, list, detail, report) needs viewDocument; uploading and starting the audit editDocument.
 */
export function createComplianceRouters(deps: ApiDeps): { api: Router; openai: Router } {
  const { compliance: store, users } = deps.stores;
  const taskQueue = deps.config.taskQueue;
  const { updateMs, callMs } = deps.config.temporalDeadlines;
  const api = featureRouter();
  const openai = featureRouter();

  async function ownCompliance(id: string, { actor, companyId }: Scope, create = false) {
    const c = create ? await store.ensure(id, { companyId, userId: actor.id }) : await store.byId(id, companyId);
    if (!c) throw new AppError('NOT_FOUND');
    return c;
  }

  /**
   * The spec's `POST company/compliance/create` (multipart: file, docName, docType, ...; "not used by
   * the current create screen") uploaded a document with no submission to audit it in. Documents are
   * uploaded into a submission instead: 410 Gone, naming the calls that replace it (docs/spec-deviations.md).
   * Answered before the body is read, to anyone: it tells nothing about any company.
   */
  api.all('/company/compliance/create', () => {
    throw new AppError('COMPLIANCE_CREATE_GONE', {
      replacement: [
        { method: 'GET', path: '/api/compliance/create', answers: 'applicant_id (the compliance id)' },
        { method: 'POST', path: '/openai/{establishment|haccp-plan|management-plan|pest-control}/{compliance_id}/upload', body: 'multipart: file' },
      ],
    });
  });

  api.get('/compliance/create', requirePermission('viewDocument'), async (req, res) => {
    const docs = await store.processedDocuments(scopeOf(req).companyId);
    // Who reads and audits the documents, so the screen can say it plainly (rules, or an AI model).
    res.json({ required_documents: docs.map(documentView), applicant_id: randomUUID(), auditor: deps.adapters.ai.auditor } satisfies ComplianceFormInfoAnswer);
  });

  api.get('/compliance/list', requirePermission('viewDocument'), async (req, res) => {
    res.json(await listFor(scopeOf(req).companyId));
  });

  api.get('/compliance/:id', requirePermission('viewDocument'), async (req, res) => {
    const c = await ownCompliance(uuidParam(req.params.id), scopeOf(req));
    res.json({ compliance: complianceDetailView(c, await store.documentsOf(c.id)) } satisfies ComplianceDetailAnswer);
  });

  api.post('/compliance/:id/getaudit', requirePermission('editDocument'), async (req, res) => {
    const scope = scopeOf(req);
    const { actor, companyId } = scope;
    const parsed = getAuditRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError('INVALID_INPUT');
    const chosen: Partial<Record<ComplianceDocumentType, string>> = {};
    for (const k of COMPLIANCE_KINDS) {
      const id = parsed.data[k.payloadField]?._id;
      if (!id) throw new AppError('COMPLIANCE_INCOMPLETE', { missing: k.documentType });
      const d = await store.document(id, companyId);
      if (!d) throw new AppError('NOT_FOUND');
      if (d.documentType !== k.documentType) throw new AppError('COMPLIANCE_DOCUMENT_WRONG_TYPE', { field: k.payloadField });
      if (d.status !== 'processed') throw new AppError('COMPLIANCE_DOCUMENT_NOT_READY', { field: k.payloadField });
      chosen[k.documentType] = d.id;
    }
    const c = await ownCompliance(uuidParam(req.params.id), scope, true);
    if (c.status === 'audited') throw new AppError('COMPLIANCE_ALREADY_AUDITED');
    await inWorkflow(c, (handle) => handle.executeUpdate(complianceSubmitUpdate, { args: [{ userId: actor.id, documents: chosen }] }));
    res.status(202).json({ compliance_id: c.id, status: 'auditing', complianceTypes: COMPLIANCE_DOCUMENT_TYPES } satisfies ComplianceAuditStartedAnswer);
  });

  /**
   * The review step: the user's corrections of a processed document's extracted fields, saved
   * through the submission's workflow (refused once its audit runs), read by the audit that follows.
   * The document may come from an earlier submission of the company.
   */
  api.put('/compliance/:id/documents/:documentId/summary', requirePermission('editDocument'), async (req, res) => {
    const scope = scopeOf(req);
    const { actor, companyId } = scope;
    const id = uuidParam(req.params.id);
    const doc = await store.document(uuidParam(req.params.documentId), companyId);
    if (!doc) throw new AppError('NOT_FOUND');
    if (doc.status !== 'processed') throw new AppError('COMPLIANCE_DOCUMENT_NOT_READY');
    const summary = parseInput<unknown>(reviewedSummarySchemas[doc.documentType], (req.body as { summary?: unknown } | undefined)?.summary);
    const c = await ownCompliance(id, scope, true);
    if (c.status === 'audited') throw new AppError('COMPLIANCE_ALREADY_AUDITED');
    if (c.status === 'auditing') throw new AppError('COMPLIANCE_AUDIT_RUNNING');
    await inWorkflow(c, (handle) => handle.executeUpdate(reviewSummaryUpdate, { args: [{ userId: actor.id, documentId: doc.id, summary }] }));
    res.json({ document: documentView((await store.document(doc.id, companyId))!) } satisfies ComplianceDocumentAnswer);
  });

  /** Runs a call on the submission's workflow, started first when needed (documents picked from earlier submissions need no upload). */
  async function inWorkflow<T>(c: { id: string; companyId: string; userId: string }, call: (h: WorkflowHandle) => Promise<T>): Promise<T> {
    const workflowId = complianceWorkflowId(c.id);
    await withinDeadline(deps.temporal, callMs, () =>
      deps.temporal.workflow.start(complianceWorkflow, {
        workflowId,
        taskQueue,
        args: [{ complianceId: c.id, companyId: c.companyId, userId: c.userId }],
        workflowIdConflictPolicy: 'USE_EXISTING',
      }),
    );
    try {
      const handle = deps.temporal.workflow.getHandle(workflowId);
      return await withinDeadline(deps.temporal, updateMs, () => call(handle));
    } catch (e) {
      const code = appErrorCodeOf(e);
      if (code) throw new AppError(code as MessageCode);
      throw e;
    }
  }

  async function listFor(companyId: string): Promise<ComplianceListAnswer> {
    const rows = await store.list(companyId);
    // The Creator column shows a name; the spec's list only carried the raw user_id (kept as well).
    const names = new Map<string, string>();
    for (const userId of new Set(rows.map((c) => c.userId))) {
      const u = await users.byIdInCompany(userId, companyId);
      if (u) names.set(userId, `${u.firstname} ${u.lastname}`.trim());
    }
    return Promise.all(
      rows.map(async (c) =>
        complianceListView(c, c.documents.establishment_update ? await store.document(c.documents.establishment_update, companyId) : null, names.get(c.userId)),
      ),
    );
  }

  openai.get('/compliance/list', requirePermission('viewDocument'), async (req, res) => {
    res.json(await listFor(scopeOf(req).companyId));
  });

  openai.get('/compliance/:id/download', requirePermission('viewDocument'), async (req, res) => {
    const c = await ownCompliance(uuidParam(req.params.id), scopeOf(req));
    if (!c.report) throw new AppError('COMPLIANCE_REPORT_MISSING');
    const est = c.documents.establishment_update ? await store.document(c.documents.establishment_update, c.companyId) : null;
    const summary = est ? documentView(est).document_summary : undefined;
    // the farm's corrective actions (this audit's and earlier ones'), for the report's last section
    const actions = can(scopeOf(req).actor, 'viewCorrectiveAction')
      ? await deps.stores.correctiveActions.list(c.companyId, { farm: farmOfEstablishment(summary) })
      : [];
    const pdf = await deps.adapters.pdf.render(complianceReportHtml(c.report, summary, langOf(req), actions));
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', 'attachment; filename="Compliance_Report.pdf"');
    res.send(pdf);
  });

  openai.post('/:segment/:complianceId/upload', requirePermission('editDocument'), singleFile('file', MAX_UPLOAD_BYTES), async (req, res) => {
    const kind = kindOfSegment(String(req.params.segment));
    if (!kind) throw new AppError('NOT_FOUND');
    const scope = scopeOf(req);
    const file = req.file;
    if (!file || !file.size) throw new AppError('SELECT_FILE');
    // The name as sent (a path part is refused, not cut off) and content that proves the extension:
    // an HTML page named .pdf or .txt is refused like any other mismatch.
    const { name: fileName, ext } = checkFileName(utf8Name(file.originalname));
    if (!['pdf', 'docx', 'txt'].includes(ext)) throw new AppError('COMPLIANCE_FILE_TYPE');
    if (ext === 'txt' ? !(await isPlainTextFile(file.path)) : (await detectFileTypeOfFile(file.path)) !== ext) throw new AppError('FILE_TYPE_REJECTED');
    // Only a .docx unpacks; its central directory (at the end of the file) is what the check reads.
    if (ext === 'docx') refuseZipBomb(await readFile(file.path), fileName);
    const c = await ownCompliance(uuidParam(req.params.complianceId), scope, true);
    if (c.status === 'audited') throw new AppError('COMPLIANCE_ALREADY_AUDITED');
    if (c.status === 'auditing') throw new AppError('COMPLIANCE_AUDIT_RUNNING');
    const storageKey = await deps.adapters.storage.putFile(file.path, { ext, prefix: 'compliance' });
    const doc = await store.addDocument({
      companyId: c.companyId,
      userId: scope.actor.id,
      complianceId: c.id,
      documentType: kind.documentType,
      fileName,
      storageKey,
      mime: file.mimetype,
      size: file.size,
    });
    await withinDeadline(deps.temporal, callMs, () =>
      deps.temporal.workflow.signalWithStart(complianceWorkflow, {
        workflowId: complianceWorkflowId(c.id),
        taskQueue,
        args: [{ complianceId: c.id, companyId: c.companyId, userId: c.userId }],
        signal: documentUploadedSignal,
        signalArgs: [{ documentId: doc.id, documentType: kind.documentType }],
      }),
    );
    res.status(202).json({ message: 'File uploaded successfully', compliance_id: c.id, document: documentView(doc) } satisfies ComplianceUploadAnswer);
  });

  // The AI service's error answers carry `detail` (docs/spec/farm-data-and-documents.md §7), besides our invalidMsg and code.
  const detailErrors: ErrorRequestHandler = (err, req, res, next) => {
    if (!isAppError(err)) return next(err);
    const e = err as AppError;
    const text = errorText(e, langOf(req));
    setRetryHint(res, e);
    res.status(e.status).json({ detail: text, invalidMsg: text, code: e.code });
  };
  openai.use(detailErrors);
  return { api, openai };
}
