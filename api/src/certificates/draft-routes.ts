/**
 * Listing, creating, editing, reading and deleting certificates. Drafts (status created) live only in
 * the read model; Submit starts the workflow; every later change is a workflow Update. Each handler
 * parses, runs a use case of ./commands and answers its view.
 */
import type { Request, Router } from 'express';
import { featureRouter } from '../http/params';
import { certificateInput, isToggle, type OkAnswer } from '@grain/domain';
import { requirePermission, requireUser } from '../http/auth-middleware';
import { listAnswerText } from './list-answer';
import { approvalAnswer, callerOf, type CertCtx } from './certificate-context';
import { sendCredential, sendPdf, sendXml } from './file-answers';
import { sendStoredFile } from '../http/stored-file';
import { sendJsonText } from '../http/json-answer';
import { cancelCertificate } from './commands/cancel';
import { downloadCredential } from './commands/download-credential';
import { downloadXml } from './commands/download-xml';
import { downloadPdf } from './commands/download-pdf';
import { editCertificate } from './commands/edit';
import { listCertificates } from './commands/list-certificates';
import { openHeldDocument } from './commands/open-held-document';
import { openHeldPhoto } from './commands/open-held-photo';
import { recordOpened } from './commands/record-opened';
import { saveDraft } from './commands/save-draft';
import { showCertificate } from './commands/show-certificate';
import { showDraftDefaults } from './commands/show-draft-defaults';

/** A non-empty text of the query, else undefined. */
const text = (query: Request['query'], name: string) => {
  const v = query[name];
  return typeof v === 'string' && v ? v : undefined;
};

export function draftRoutes(ctx: CertCtx): Router {
  const r = featureRouter();
  const one = (req: Request) => ({ caller: callerOf(req), certificateId: String(req.params.id) });

  r.get('/company/approvals', requirePermission('viewApproval'), async (req, res) => {
    const q = req.query; // Express parses the query string again at every read of req.query
    const toggles = String(q.status ?? '')
      .split(',')
      .filter(isToggle);
    const query = {
      toggles,
      search: typeof q.q === 'string' ? q.q : undefined,
      mine: q.mine === '1',
      cursor: text(q, 'cursor'),
      limit: Number(q.limit) || 20,
    };
    sendJsonText(res, listAnswerText(await listCertificates({ caller: callerOf(req), ...query }, ctx)));
  });

  r.get('/company/approval/create', requirePermission('viewApproval'), async (req, res) => {
    res.json(await showDraftDefaults({ caller: callerOf(req) }, ctx));
  });

  r.post('/company/approval/create', requirePermission('editApproval'), async (req, res) => {
    const input = certificateInput.parse(req.body);
    const saved = await saveDraft({ caller: callerOf(req), input }, ctx);
    res.status(201).json(await approvalAnswer(ctx, req, saved));
  });

  r.post('/company/approval/:id/update', requirePermission('editApproval'), async (req, res) => {
    const input = certificateInput.parse(req.body);
    const edited = await editCertificate({ ...one(req), input }, ctx);
    res.json(await approvalAnswer(ctx, req, edited));
  });

  r.get('/company/approval/:id', requirePermission('viewApproval'), async (req, res) => {
    if (req.query.format === 'pdf') return sendPdf(res, await downloadPdf(one(req), ctx));
    res.json(await approvalAnswer(ctx, req, await showCertificate(one(req), ctx)));
  });

  // The page shows the certificate: a signer asked now has opened it (reading it above changes nothing).
  r.post('/company/approval/:id/opened', requirePermission('viewApproval'), async (req, res) => {
    await recordOpened(one(req), ctx);
    res.json({ ok: true } satisfies OkAnswer);
  });

  // The evidence the certificate holds: the exact document version and grain photo it was signed over.
  r.get('/company/approval/:id/document/:documentId', requirePermission('viewApproval'), async (req, res) => {
    // previewed in a frame of the sign dialog and the detail page: the one answer our own pages may frame
    sendStoredFile(req, res, ctx.storage, await openHeldDocument({ ...one(req), documentId: String(req.params.documentId) }, ctx), { framedByUs: true });
  });
  r.get('/company/approval/:id/photo', requirePermission('viewApproval'), async (req, res) => {
    sendStoredFile(req, res, ctx.storage, await openHeldPhoto(one(req), ctx));
  });

  // The issued certificate as a verifiable credential (JWT), for a member of the issuing company.
  r.get('/company/approval/:id/credential', requirePermission('viewApproval'), async (req, res) => {
    sendCredential(res, await downloadCredential(one(req), ctx));
  });
  // The issued certificate as UN/CEFACT SPS e-Cert XML, for a member of the issuing company.
  r.get('/company/approval/:id/xml', requirePermission('viewApproval'), async (req, res) => {
    sendXml(res, await downloadXml(one(req), ctx));
  });

  r.post('/company/approval/:id/delete', requireUser, async (req, res) => {
    const reason = typeof req.body?.reason === 'string' ? req.body.reason.slice(0, 500) : undefined;
    await cancelCertificate({ ...one(req), reason }, ctx);
    res.json({ ok: true } satisfies OkAnswer);
  });

  return r;
}
