/**
 * What signers do: request the one-time code, sign, reject, delegate; the level edit call and the
 * reminder by hand of work in flight. Each
 * handler parses, runs a use case of ./commands (a workflow Update whose validator decides last) and
 * answers the certificate's view.
 */
import type { Router } from 'express';
import { featureRouter } from '../http/params';
import {
  delegateInput,
  levelUpdateInput,
  message,
  passkeyChallengeInput,
  refId,
  rejectInput,
  remindInput,
  revokeInput,
  signInput,
  type PasskeyChallengeAnswer,
  type SigningCodeAnswer,
} from '@grain/domain';
import { requirePermission, requireUser } from '../http/auth-middleware';
import { langOf } from '../http/lang';
import { approvalAnswer, callerOf, type CertCtx } from './certificate-context';
import { delegateCertificate } from './commands/delegate';
import { editLevel } from './commands/edit-level';
import { certificateIdOfLevel } from './support/load-certificate';
import { rejectCertificate } from './commands/reject';
import { remindCertificate } from './commands/remind';
import { revokeCertificate } from './commands/revoke';
import { requestCode } from './commands/request-code';
import { signCertificate } from './commands/sign';
import { passkeyChallenge } from './commands/passkey-challenge';

export function actionRoutes(ctx: CertCtx): Router {
  const r = featureRouter();

  // Asks the workflow to mail a one-time code; answers invalidMsg with the sent notice. A POST: it makes
  // a code and sends mail (the spec's GET approvalLevel/{id}/sign did that on a read).
  r.post('/company/approvallevel/:id/code', requirePermission('signApproval'), async (req, res) => {
    const out = await requestCode({ caller: callerOf(req), levelId: String(req.params.id) }, ctx);
    const answer: SigningCodeAnswer = {
      invalidMsg: message('OTP_SENT', langOf(req)),
      expiresAt: out.expiresAt,
      level: out.level,
      contentHashShort: out.contentHashShort,
    };
    res.json(answer);
  });

  // A passkey challenge over the content hash the signer is shown; the platform's prompt signs it, and
  // the sign call below carries the assertion in place of a code.
  r.post('/company/approvallevel/:id/passkey', requirePermission('signApproval'), async (req, res) => {
    const { contentHash } = passkeyChallengeInput.parse(req.body ?? {});
    const answer = await passkeyChallenge({ caller: callerOf(req), levelId: String(req.params.id), contentHash }, ctx);
    res.json(answer satisfies PasskeyChallengeAnswer);
  });

  r.post('/company/approvallevel/:id/sign', requirePermission('signApproval'), async (req, res) => {
    const { approval, ...input } = signInput.parse(req.body);
    const levelId = String(req.params.id);
    // The body may name the certificate; otherwise the level id does.
    const certificateId = (approval === undefined ? undefined : refId(approval)) ?? certificateIdOfLevel(levelId);
    const { state, facts } = await signCertificate({ caller: callerOf(req), certificateId, levelId, ...input }, ctx);
    res.json(await approvalAnswer(ctx, req, state, facts));
  });

  r.post('/company/approval/:id/sign', requirePermission('signApproval'), async (req, res) => {
    const { otp, passkey, note, signaturePassword } = signInput.parse(req.body);
    const { state, facts } = await signCertificate({ caller: callerOf(req), certificateId: String(req.params.id), otp, passkey, note, signaturePassword }, ctx);
    res.json(await approvalAnswer(ctx, req, state, facts));
  });

  r.post('/company/approval/:id/reject', requirePermission('signApproval'), async (req, res) => {
    const input = rejectInput.parse(req.body);
    const rejected = await rejectCertificate({ caller: callerOf(req), certificateId: String(req.params.id), ...input }, ctx);
    res.json(await approvalAnswer(ctx, req, rejected));
  });

  r.post('/company/approval/:id/delegate', requirePermission('signApproval'), async (req, res) => {
    const input = delegateInput.parse(req.body);
    const delegated = await delegateCertificate(
      { caller: callerOf(req), certificateId: String(req.params.id), to: input.to.map(refId), note: input.note },
      ctx,
    );
    res.json(await approvalAnswer(ctx, req, delegated));
  });

  // Work in flight: a reminder to the pending signers or an escalation to the managers, sent now.
  r.post('/company/approval/:id/remind', requirePermission('editApproval'), async (req, res) => {
    const { to } = remindInput.parse(req.body ?? {});
    const reminded = await remindCertificate({ caller: callerOf(req), certificateId: String(req.params.id), to }, ctx);
    res.json(await approvalAnswer(ctx, req, reminded));
  });

  // After issue: the company's admin says the certificate no longer stands; the ledger records it.
  r.post('/company/approval/:id/revoke', requireUser, async (req, res) => {
    const { reason } = revokeInput.parse(req.body ?? {});
    const { state } = await revokeCertificate({ caller: callerOf(req), certificateId: String(req.params.id), reason }, ctx);
    res.json(await approvalAnswer(ctx, req, state));
  });

  r.post('/company/approvallevel/:id/update', requirePermission('editApproval'), async (req, res) => {
    const input = levelUpdateInput.parse(req.body);
    const edited = await editLevel({ caller: callerOf(req), levelId: String(req.params.id), input }, ctx);
    res.json(await approvalAnswer(ctx, req, edited));
  });

  return r;
}
