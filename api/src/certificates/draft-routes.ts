/**
 * Listing, creating, editing, reading and deleting certificates. Drafts (status created) live only in
 * the read model; Submit starts the workflow; every later change is a workflow Update. Each handler
 * parses, runs a use case of ./commands and answers its view.
 */
import type { Router } from 'express';
import { featureRouter } from '../http/params';
import { AppError, askedNow, certificateInput, isToggle, statusesOfToggles, type OkAnswer } from '@grain/domain';
import { requirePermission, requireUser, actorOf } from '../http/auth-middleware';
import { listAnswerText } from './approval-view';
import { scopeOf } from '../http/scope';
import { approvalAnswer, callerOf, type CertCtx } from './certificate-context';
import { cancelCertificate } from './commands/cancel';
import { sendCredential, signedCredential } from './commands/credential';
import { draftDefaults } from './commands/draft-defaults';
import { editCertificate } from './commands/edit';
import { loadCertificate } from './commands/load-certificate';
import { saveDraft } from './commands/save-draft';

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
    // a signer asked now has opened it: the progress shows it to whoever is chasing the certificate
    const asked = askedNow(s, caller.actor.id);
    if (asked) await ctx.stores.certificateViews.record(s.id, asked.level, caller.actor.id, asked.since);
    res.json(await approvalAnswer(ctx, req, s));
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
