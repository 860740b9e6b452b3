/**
 * The compliance calls of docs/spec/farm-data-and-documents.md §7: /api/compliance/... (create info, submit for audit, detail,
 * list) and the AI service paths under /openai (uploads per document type, list, report PDF). Each
 * handler parses, runs one use case of ./commands (access check inside: reading needs viewDocument,
 * uploading, reviewing and the audit editDocument; another company's submission answers 404) and
 * answers a view of the domain.
 */
import type { ErrorRequestHandler, Request, Router } from 'express';
import {
  AppError,
  COMPLIANCE_DOCUMENT_TYPES,
  complianceDetailView,
  complianceListView,
  documentView,
  getAuditRequestSchema,
  isAppError,
  kindOfSegment,
  MAX_UPLOAD_BYTES,
  type ComplianceAuditStartedAnswer,
  type ComplianceDetailAnswer,
  type ComplianceDocumentAnswer,
  type ComplianceFormInfoAnswer,
  type ComplianceListAnswer,
  type ComplianceUploadAnswer,
} from '@grain/domain';
import { originOf, requireUser } from '../http/auth-middleware';
import { featureRouter, uuidParam } from '../http/params';
import { scopeOf } from '../http/scope';
import { langOf } from '../http/lang';
import { errorText, setRetryHint } from '../http/errors';
import { singleFile } from '../http/uploads';
import type { ComplianceCaller, ComplianceCommandDeps } from './commands/command-deps';
import { downloadReport } from './commands/download-report';
import { listSubmissions } from './commands/list-submissions';
import { reviewSummary } from './commands/review-summary';
import { showFormInfo } from './commands/show-form-info';
import { showSubmission } from './commands/show-submission';
import { startAudit } from './commands/start-audit';
import { uploadDocument } from './commands/upload-document';

/** Compliance belongs to a company (scopeOf: a signed-in user without one cannot take part). */
function callerOf(req: Request): ComplianceCaller {
  const { actor, companyId } = scopeOf(req);
  return { access: actor, companyId, email: req.user?.email, origin: originOf(req) };
}

/** A multipart file name arrives as latin1; read as UTF-8 unless that breaks it. */
const utf8Name = (raw: string) => {
  const fixed = Buffer.from(raw, 'latin1').toString('utf8');
  return fixed.includes('\uFFFD') ? raw : fixed;
};

/** The AI service's error answers carry `detail` (docs/spec/farm-data-and-documents.md §7), besides our invalidMsg and code. */
const detailErrors: ErrorRequestHandler = (err, req, res, next) => {
  if (!isAppError(err)) return next(err);
  const e = err as AppError;
  const text = errorText(e, langOf(req));
  setRetryHint(res, e);
  res.status(e.status).json({ detail: text, invalidMsg: text, code: e.code });
};

export function createComplianceRouters(deps: ComplianceCommandDeps): { api: Router; openai: Router } {
  const api = featureRouter();
  const openai = featureRouter();
  const list = async (req: Request): Promise<ComplianceListAnswer> =>
    (await listSubmissions({ caller: callerOf(req) }, deps)).map((r) => complianceListView(r.submission, r.establishment, r.creatorName));

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

  api.get('/compliance/create', requireUser, async (req, res) => {
    const info = await showFormInfo({ caller: callerOf(req) }, deps);
    res.json({
      required_documents: info.documents.map(documentView),
      applicant_id: info.complianceId,
      auditor: info.auditor,
    } satisfies ComplianceFormInfoAnswer);
  });
  api.get('/compliance/list', requireUser, async (req, res) => {
    res.json(await list(req));
  });
  api.get('/compliance/:id', requireUser, async (req, res) => {
    const { submission, documents } = await showSubmission({ caller: callerOf(req), complianceId: uuidParam(req.params.id) }, deps);
    res.json({ compliance: complianceDetailView(submission, documents) } satisfies ComplianceDetailAnswer);
  });
  api.post('/compliance/:id/getaudit', requireUser, async (req, res) => {
    const parsed = getAuditRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError('INVALID_INPUT');
    const { complianceId } = await startAudit({ caller: callerOf(req), complianceId: uuidParam(req.params.id), chosen: parsed.data }, deps);
    res
      .status(202)
      .json({ compliance_id: complianceId, status: 'auditing', complianceTypes: COMPLIANCE_DOCUMENT_TYPES } satisfies ComplianceAuditStartedAnswer);
  });
  api.put('/compliance/:id/documents/:documentId/summary', requireUser, async (req, res) => {
    const summary = (req.body as { summary?: unknown } | undefined)?.summary;
    const doc = await reviewSummary(
      { caller: callerOf(req), complianceId: uuidParam(req.params.id), documentId: uuidParam(req.params.documentId), summary },
      deps,
    );
    res.json({ document: documentView(doc) } satisfies ComplianceDocumentAnswer);
  });

  openai.get('/compliance/list', requireUser, async (req, res) => {
    res.json(await list(req));
  });
  openai.get('/compliance/:id/download', requireUser, async (req, res) => {
    const pdf = await downloadReport({ caller: callerOf(req), complianceId: uuidParam(req.params.id), lang: langOf(req) }, deps);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', 'attachment; filename="Compliance_Report.pdf"');
    res.send(pdf);
  });
  openai.post('/:segment/:complianceId/upload', requireUser, singleFile('file', MAX_UPLOAD_BYTES), async (req, res) => {
    const kind = kindOfSegment(String(req.params.segment));
    if (!kind) throw new AppError('NOT_FOUND');
    const f = req.file;
    const file = f && { path: f.path, originalName: utf8Name(f.originalname), size: f.size, mime: f.mimetype };
    const doc = await uploadDocument({ caller: callerOf(req), complianceId: uuidParam(req.params.complianceId), kind, file }, deps);
    res
      .status(202)
      .json({ message: 'File uploaded successfully', compliance_id: doc.complianceId, document: documentView(doc) } satisfies ComplianceUploadAnswer);
  });

  openai.use(detailErrors);
  return { api, openai };
}
