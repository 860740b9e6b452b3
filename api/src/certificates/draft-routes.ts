/**
 * Listing, creating, editing, reading and deleting certificates (spec 000 §7). Drafts (status created)
 * live only in the read model; Submit starts the workflow; every later change is a workflow Update.
 * The API never writes a submitted certificate's status itself.
 */
import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import {
  AppError, assertChainSignable, createCertificate, transition, type CertificateDraft, type CertificateState, type Person,
} from '@grain/domain';
import { isImageVerified, publishLive, UserStore } from '@grain/persistence';
import { cancelUpdate, editUpdate, resubmitUpdate } from '@grain/workflows';
import { requirePermission, requireUser, actorOf } from '../http/auth-middleware';
import { approvalInput, type ApprovalInput } from './certificate-schemas';
import { resolveLevels, resolvePrimary, resolveSupportDocs, signerOf } from './certificate-input';
import { awaitReadModel, commandActor, companyOf, loadCertificate, viewFor, type CertCtx } from './certificate-context';
import { summaryView, TOGGLES, TOGGLE_STATUSES, toggleCounts, type Toggle } from './approval-view';

const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** Drafts never pass through the workflow (whose read-model activity tells the live channel), so tell it here. */
function draftChanged(ctx: CertCtx, s: CertificateState, status: string = s.status): Promise<unknown> {
  return publishLive(ctx.deps.knex, {
    companyId: s.companyId, type: 'certificate_update',
    data: { id: s.id, approvalNumber: s.approvalNumber, status, stage: s.stage, overdue: false, version: s.version },
  }).catch(() => undefined); // best effort: pages also poll
}

/** Today as yyyymmdd followed by 1 (spec 000 §9), or 2, 3, ... when the company already used it. */
async function defaultNumber(ctx: CertCtx, companyId: string): Promise<string> {
  const base = today();
  const used = new Set<string>(
    (await ctx.deps.knex('certificates').where({ company_id: companyId }).whereILike('approval_number', `${base}%`).pluck('approval_number')) as string[],
  );
  for (let n = 1; ; n++) if (!used.has(`${base}${n}`)) return `${base}${n}`;
}

async function managersOf(ctx: CertCtx, companyId: string): Promise<Person[]> {
  const users = await new UserStore(ctx.deps.knex).listByCompany(companyId);
  return users.filter((u) => u.status === 'active' && (u.role === 'admin' || u.role === 'manager')).map((u) => ({ id: u.id, name: `${u.firstname} ${u.lastname}`, email: u.email }));
}

async function draftFrom(ctx: CertCtx, req: Request, body: ApprovalInput, id: string, submitter: Person): Promise<CertificateDraft> {
  const companyId = companyOf(req);
  const k = ctx.deps.knex;
  return {
    id, approvalNumber: body.approvalNumber, approvalName: body.approvalName, priority: body.priority, summary: body.summary,
    companyId, submitter,
    approvalDoc: await resolvePrimary(k, companyId, body.approvalDoc),
    supportDocs: await resolveSupportDocs(k, companyId, body.supportDocs),
    levels: await resolveLevels(k, companyId, body.approvalLevels),
    escalateTo: await managersOf(ctx, companyId),
  };
}

/** Submit checks the API can make before starting the workflow: the grain image, then the machine's own. */
async function assertSubmittable(ctx: CertCtx, req: Request, s: CertificateState): Promise<void> {
  if (!s.approvalDoc || !(await isImageVerified(ctx.deps.knex, s.companyId, s.approvalDoc.id))) throw new AppError('IMAGE_VALIDATION_REQUIRED');
  assertChainSignable(s);
  transition(s, { type: 'submit', actor: commandActor(req), at: new Date().toISOString() });
}

async function submit(ctx: CertCtx, req: Request, draft: CertificateDraft): Promise<CertificateState> {
  await ctx.workflows.start({ certificate: draft, submittedBy: commandActor(req) });
  const fromWorkflow = await ctx.workflows.state(draft.id);
  return (await awaitReadModel(ctx, draft.companyId, draft.id, 1)) ?? fromWorkflow;
}

export function draftRoutes(ctx: CertCtx): Router {
  const r = Router();

  r.get('/company/approvals', requirePermission('viewApproval'), async (req, res) => {
    const companyId = companyOf(req);
    const asked = String(req.query.status ?? '').split(',').filter((x): x is Toggle => (TOGGLES as readonly string[]).includes(x));
    const statuses = asked.flatMap((t) => TOGGLE_STATUSES[t]);
    // The page and the toggle counts in parallel (two pooled connections): one round trip less per request.
    const [page, counts] = await Promise.all([ctx.store.list({
      companyId, statuses: asked.length ? statuses : undefined, search: typeof req.query.q === 'string' ? req.query.q : undefined,
      signerId: req.query.mine === '1' ? actorOf(req).id : undefined,
      after: typeof req.query.cursor === 'string' && req.query.cursor ? req.query.cursor : undefined, limit: Number(req.query.limit) || 20,
    }), ctx.store.counts(companyId)]);
    res.json({ approval_list: page.items.map(summaryView), counts: toggleCounts(counts), nextCursor: page.next });
  });

  r.get('/company/approval/create', requirePermission('viewApproval'), async (req, res) => {
    const companyId = companyOf(req);
    const users = await new UserStore(ctx.deps.knex).listByCompany(companyId);
    const signers = users.filter((u) => u.status === 'active').map(signerOf).map((s) => ({ _id: s.id, fullName: s.name, email: s.email, role: s.role }));
    res.json({ approvalNumber: await defaultNumber(ctx, companyId), signers });
  });

  r.post('/company/approval/create', requirePermission('editApproval'), async (req, res) => {
    const body = approvalInput.parse(req.body);
    const u = req.user!;
    const draft = await draftFrom(ctx, req, body, randomUUID(), { id: u.id, name: u.fullName, email: u.email });
    const state = createCertificate(draft);
    if (body.status === 'signing') await assertSubmittable(ctx, req, state);
    await ctx.store.saveDraft(state);
    if (body.status !== 'signing') await draftChanged(ctx, state);
    const final = body.status === 'signing' ? await submit(ctx, req, draft) : state;
    res.status(201).json({ approval: await viewFor(ctx, req, final) });
  });

  r.post('/company/approval/:id/update', requirePermission('editApproval'), async (req, res) => {
    const current = await loadCertificate(ctx, req, String(req.params.id));
    const body = approvalInput.parse(req.body);
    const actor = commandActor(req);
    if (current.submitter.id !== actor.id && !actor.isAdmin) throw new AppError('ACCESS_DENIED');
    const draft = await draftFrom(ctx, req, body, current.id, current.submitter);
    let final: CertificateState;
    if (current.status === 'created') {
      const next = createCertificate(draft);
      if (body.status === 'signing') await assertSubmittable(ctx, req, next);
      await ctx.store.updateDraft(next);
      if (body.status !== 'signing') await draftChanged(ctx, next);
      final = body.status === 'signing' ? await submit(ctx, req, draft) : next;
    } else if (current.status === 'rejected') {
      const changes = { approvalName: draft.approvalName, priority: draft.priority, summary: draft.summary, approvalDoc: draft.approvalDoc, supportDocs: draft.supportDocs, levels: draft.levels };
      final = body.status === 'signing'
        ? await ctx.workflows.update(current.id, resubmitUpdate, { actor, changes })
        : await ctx.workflows.update(current.id, editUpdate, { actor, changes });
    } else {
      throw new AppError(current.status === 'done' ? 'CERTIFICATE_DONE' : 'CERTIFICATE_NOT_EDITABLE');
    }
    res.json({ approval: await viewFor(ctx, req, final) });
  });

  r.get('/company/approval/:id', requireUser, async (req, res) => {
    const s = await loadCertificate(ctx, req, String(req.params.id));
    if (req.query.format === 'pdf') {
      const stored = await ctx.store.get(s.companyId, s.id);
      const key = s.pdfKey ?? stored?.pdfKey;
      if (s.status !== 'done' || !key) throw new AppError('NOT_FOUND');
      const pdf = await ctx.deps.adapters.storage.get(key);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="certificate-${s.approvalNumber.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf"`);
      return res.send(pdf);
    }
    res.json({ approval: await viewFor(ctx, req, s) });
  });

  r.post('/company/approval/:id/delete', requireUser, async (req, res) => {
    const s = await loadCertificate(ctx, req, String(req.params.id));
    const actor = commandActor(req);
    const a = actorOf(req);
    if (!(a.role === 'admin' || a.permissions.includes('deleteApproval') || a.permissions.includes('editApproval'))) throw new AppError('ACCESS_DENIED');
    if (s.submitter.id !== actor.id && !actor.isAdmin) throw new AppError('ACCESS_DENIED');
    if (s.status === 'created') {
      await ctx.store.deleteDraft(s.companyId, s.id);
      if (await ctx.store.get(s.companyId, s.id)) throw new AppError('CONFLICT');
      await draftChanged(ctx, s, 'deleted');
    } else {
      await ctx.workflows.update(s.id, cancelUpdate, { actor, reason: typeof req.body?.reason === 'string' ? req.body.reason.slice(0, 500) : undefined });
    }
    res.json({ ok: true });
  });

  return r;
}
