/**
 * What signers do (spec 000 §4, §7): request the one-time code, sign, reject, delegate; and the level
 * edit call. Each is a workflow Update; the workflow's validators make the final decision, so these
 * handlers only resolve inputs (OTP, digital signature, people) inside the caller's company.
 */
import { Router, type Request } from 'express';
import { AppError, createCertificate, currentLevel, message, type CertificateState } from '@grain/domain';
import { OtpStore, signatureOfUser, signWithUserSignature } from '@grain/persistence';
import { delegateUpdate, editUpdate, rejectUpdate, requestOtpUpdate, signUpdate } from '@grain/workflows';
import { requirePermission } from '../http/auth-middleware';
import { langOf } from '../http/lang';
import { delegateInput, dueTime, levelUpdateInput, refId, rejectInput, signInput } from './certificate-schemas';
import { resolveSigners } from './certificate-input';
import { certificateIdOfLevel, commandActor, companyOf, loadCertificate, viewFor, type CertCtx } from './certificate-context';

/** The current level, which must be the one named in the path (a stale page gets INVALID_LEVEL). */
function currentOf(s: CertificateState, levelId?: string) {
  const l = currentLevel(s);
  if (!l || s.status === 'created') throw new AppError(s.status === 'done' ? 'CERTIFICATE_DONE' : 'CERTIFICATE_NOT_ACTIVE');
  if (levelId && l.id !== levelId) throw new AppError('INVALID_LEVEL');
  return l;
}

async function sign(ctx: CertCtx, req: Request, s: CertificateState, levelId?: string) {
  const body = signInput.parse(req.body);
  const actor = commandActor(req);
  const l = currentOf(s, levelId);
  const { otpId } = await new OtpStore(ctx.deps.knex).verify({ certificateId: s.id, level: l.level, userId: actor.id }, body.otp);
  // A signer with a digital signature signs the content hash with it (the password unlocks the key).
  let signatureValue: string | undefined;
  if (await signatureOfUser(ctx.deps.knex, actor.id)) {
    if (!body.signaturePassword) throw new AppError('SIGNATURE_PASSWORD_WRONG');
    const sig = await signWithUserSignature(ctx.deps.knex, actor.id, body.signaturePassword, Buffer.from(s.contentHash, 'utf8'));
    signatureValue = `${sig.guid}:${sig.signature}`;
  }
  return ctx.workflows.update(s.id, signUpdate, { actor, otpId, note: body.note, signatureValue });
}

export function actionRoutes(ctx: CertCtx): Router {
  const r = Router();
  const bodyApproval = (req: Request) => {
    const a = (req.body as { approval?: unknown })?.approval;
    return typeof a === 'string' ? a : (a as { _id?: string } | undefined)?._id;
  };

  // Asks the workflow to mail a one-time code; answers invalidMsg (spec 000 §7) with the sent notice.
  r.get('/company/approvalLevel/:id/sign', requirePermission('signApproval'), async (req, res) => {
    const s = await loadCertificate(ctx, req, certificateIdOfLevel(String(req.params.id)));
    currentOf(s, String(req.params.id));
    const out = await ctx.workflows.update(s.id, requestOtpUpdate, { actor: commandActor(req) });
    res.json({ invalidMsg: message('OTP_SENT', langOf(req)), expiresAt: out.expiresAt, level: out.level, contentHashShort: out.contentHashShort });
  });

  r.post('/company/approvallevel/:id/sign', requirePermission('signApproval'), async (req, res) => {
    const certId = bodyApproval(req) ?? certificateIdOfLevel(String(req.params.id));
    const s = await loadCertificate(ctx, req, certId);
    const next = await sign(ctx, req, s, String(req.params.id));
    res.json({ approval: await viewFor(ctx, req, next) });
  });

  r.post('/company/approval/:id/sign', requirePermission('signApproval'), async (req, res) => {
    const s = await loadCertificate(ctx, req, String(req.params.id));
    const next = await sign(ctx, req, s);
    res.json({ approval: await viewFor(ctx, req, next) });
  });

  r.post('/company/approval/:id/reject', requirePermission('signApproval'), async (req, res) => {
    const s = await loadCertificate(ctx, req, String(req.params.id));
    const body = rejectInput.parse(req.body);
    const next = await ctx.workflows.update(s.id, rejectUpdate, { actor: commandActor(req), toLevel: body.toLevel, reason: body.reason });
    res.json({ approval: await viewFor(ctx, req, next) });
  });

  r.post('/company/approval/:id/delegate', requirePermission('signApproval'), async (req, res) => {
    const s = await loadCertificate(ctx, req, String(req.params.id));
    const body = delegateInput.parse(req.body);
    const to = await resolveSigners(ctx.deps.knex, companyOf(req), body.to.map(refId));
    const next = await ctx.workflows.update(s.id, delegateUpdate, { actor: commandActor(req), to, note: body.note });
    res.json({ approval: await viewFor(ctx, req, next) });
  });

  // Edits one level's set-up: for a draft in the read model, for a rejected certificate through the workflow.
  r.post('/company/approvallevel/:id/update', requirePermission('editApproval'), async (req, res) => {
    const s = await loadCertificate(ctx, req, certificateIdOfLevel(String(req.params.id)));
    const body = levelUpdateInput.parse(req.body);
    const actor = commandActor(req);
    if (s.submitter.id !== actor.id && !actor.isAdmin) throw new AppError('ACCESS_DENIED');
    const idx = s.levels.findIndex((l) => l.id === String(req.params.id));
    if (idx < 0) throw new AppError('NOT_FOUND');
    const levels = await Promise.all(s.levels.map(async (l, i) => ({
      group: i === idx && body.group ? body.group : l.group,
      signers: i === idx && body.signers ? await resolveSigners(ctx.deps.knex, s.companyId, body.signers.map(refId)) : l.signers,
      signatures: i === idx && body.signatures ? body.signatures : l.signatures,
      deadline: i === idx && (body.deadline ?? body.dealine) ? dueTime(body.deadline ?? body.dealine) : l.deadline,
    })));
    let next: CertificateState;
    if (s.status === 'created') {
      next = createCertificate({ ...s, levels, reminders: s.reminders, escalateTo: s.escalateTo });
      await ctx.store.updateDraft(next);
    } else if (s.status === 'rejected') {
      next = await ctx.workflows.update(s.id, editUpdate, { actor, changes: { levels } });
    } else {
      throw new AppError(s.status === 'done' ? 'CERTIFICATE_DONE' : 'CERTIFICATE_NOT_EDITABLE');
    }
    res.json({ approval: await viewFor(ctx, req, next) });
  });

  return r;
}
