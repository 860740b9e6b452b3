/**
 * Listing, creating, editing, reading and deleting certificates. Drafts (status created) live only in
 * the read model; Submit starts the workflow; every later change is a workflow Update. Each handler
 * parses, runs a use case of ./commands and answers its view.
 */
import type { Router } from 'express';
import { featureRouter } from '../http/params';
import { AppError, certificateInput, isToggle, statusesOfToggles, type OkAnswer } from '@grain/domain';
import { requirePermission, requireUser, actorOf } from '../http/auth-middleware';
import { listAnswerText } from './approval-view';
import { scopeOf } from '../http/scope';
import { approvalAnswer, callerOf, type CertCtx } from './certificate-context';
import { cancelCertificate } from './commands/cancel';
import { sendCredential, signedCredential } from './commands/credential';
import { draftDefaults } from './commands/draft-defaults';
import { editCertificate } from './commands/edit';
import { heldDocument, heldPhoto } from './commands/held-evidence';
import { sendStoredFile } from '../http/stored-file';
import { loadCertificate } from './commands/load-certificate';
import { saveDraft } from './commands/save-draft';
import { recordOpened } from './commands/record-opened';

export function draftRoutes(ctx: CertCtx): Router {
  const r = featureRouter();

  r.get('/company/approvals', requirePermission('viewApproval'), async (req, res) => {
    const { companyId } = scopeOf(req);
    const asked = String(req.query.status ?? '')
      .split(',')
      .filter(isToggle);
    // The page and the toggle counts in one prepared statement, the page as the stored cards' text.
    const page = await ctx.stores.certificates.listText(
      {
        companyId,
        statuses: asked.length ? statusesOfToggles(asked) : undefined,
        search: typeof req.query.q === 'string' ? req.query.q : undefined,
        signerId: req.query.mine === '1' ? actorOf(req).id : undefined,
        after: typeof req.query.cursor === 'string' && req.query.cursor ? req.query.cursor : undefined,
        limit: Number(req.query.limit) || 20,
      },
      { counts: true },
    );
    res.type('json').send(listAnswerText({ ...page, counts: page.counts! }));
  });

  r.get('/company/approval/create', requirePermission('viewApproval'), async (req, res) => {
    res.json(await draftDefaults({ caller: callerOf(req) }, ctx));
  });

  r.post('/company/approval/create', requirePermission('editApproval'), async (req, res) => {
    const input = certificateInput.parse(req.body);
    const saved = await saveDraft({ caller: callerOf(req), input }, ctx);
    res.status(201).json(await approvalAnswer(ctx, req, saved));
  });

  r.post('/company/approval/:id/update', requirePermission('editApproval'), async (req, res) => {
    const input = certificateInput.parse(req.body);
    const edited = await editCertificate({ caller: callerOf(req), certificateId: String(req.params.id), input }, ctx);
    res.json(await approvalAnswer(ctx, req, edited));
  });

  r.get('/company/approval/:id', requirePermission('viewApproval'), async (req, res) => {
    const caller = callerOf(req);
    const s = await loadCertificate(ctx.stores, caller, String(req.params.id));
    if (req.query.format === 'pdf') {
      if (s.status !== 'done' || !s.pdfKey) throw new AppError('NOT_FOUND');
      const pdf = await ctx.deps.adapters.storage.get(s.pdfKey);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="certificate-${s.approvalNumber.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf"`);
      return res.send(pdf);
    }
    res.json(await approvalAnswer(ctx, req, s));
  });

  // The page shows the certificate: a signer asked now has opened it (reading it above changes nothing).
  r.post('/company/approval/:id/opened', requirePermission('viewApproval'), async (req, res) => {
    await recordOpened({ caller: callerOf(req), certificateId: String(req.params.id) }, ctx);
    res.json({ ok: true } satisfies OkAnswer);
  });

  // The evidence the certificate holds: the exact document version and grain photo it was signed over.
  r.get('/company/approval/:id/document/:documentId', requirePermission('viewApproval'), async (req, res) => {
    const f = await heldDocument({ caller: callerOf(req), certificateId: String(req.params.id), documentId: String(req.params.documentId) }, ctx.stores);
    // previewed in a frame of the sign dialog and the detail page: the one answer our own pages may frame
    sendStoredFile(req, res, ctx.deps.adapters.storage, f, { framedByUs: true });
  });
  r.get('/company/approval/:id/photo', requirePermission('viewApproval'), async (req, res) => {
    const f = await heldPhoto({ caller: callerOf(req), certificateId: String(req.params.id) }, ctx.stores);
    sendStoredFile(req, res, ctx.deps.adapters.storage, f);
  });

  // The issued certificate as a verifiable credential (JWT), for a member of the issuing company.
  r.get('/company/approval/:id/credential', requirePermission('viewApproval'), async (req, res) => {
    const s = await loadCertificate(ctx.stores, callerOf(req), String(req.params.id));
    sendCredential(res, s.approvalNumber, await signedCredential(ctx.deps, s));
  });

  r.post('/company/approval/:id/delete', requireUser, async (req, res) => {
    const reason = typeof req.body?.reason === 'string' ? req.body.reason.slice(0, 500) : undefined;
    await cancelCertificate({ caller: callerOf(req), certificateId: String(req.params.id), reason }, ctx);
    res.json({ ok: true } satisfies OkAnswer);
  });

  return r;
}
