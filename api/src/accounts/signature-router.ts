import type { Request, Router } from 'express';
import { z } from 'zod';
import { featureRouter } from '../http/params';
import {
  AppError,
  signatureSchema,
  signatureView,
  type CaCertificateAnswer,
  type MySignatureAnswer,
  type OkAnswer,
  type SignatureAnswer,
  type SignatureVerifyAnswer,
} from '@grain/domain';
import type { AccountCommandDeps } from './commands/command-deps';
import { parseInput } from '../http/parse-input';
import { requireUser } from '../http/auth-middleware';
import { callerOf } from './caller';
import { createSignature } from './commands/create-signature';
import { reissueSignature } from './commands/reissue-signature';
import { resetSignature } from './commands/reset-signature';
import { showCompanyCa } from './commands/show-company-ca';
import { showMySignature } from './commands/show-my-signature';
import { showSignature } from './commands/show-signature';
import { verifySignature } from './commands/verify-signature';

/** A re-issue names the key's current password: whoever holds only the session cannot replace the key. */
const reissueBody = z.object({ oldPassword: z.string().max(200).optional() });

/**
 * The caller's digital signature (docs/spec/approvals.md §2, §6): create and update need editInfo
 * (admin always) and act on one's own signature only; the private key never leaves the database
 * unencrypted; an admin resets a lost key. Each handler parses, runs one use case of ./commands and answers.
 */
export function createSignatureRouter(deps: AccountCommandDeps): Router {
  const r = featureRouter();
  const signature = (req: Request) => ({ caller: callerOf(req), signatureId: String(req.params.id) });

  r.get('/company/signature', requireUser, async (req, res) => {
    const s = await showMySignature({ caller: callerOf(req) }, deps);
    res.json({ signature: s ? signatureView(s) : null } satisfies MySignatureAnswer);
  });
  r.get('/company/signature/ca', requireUser, async (req, res) => {
    res.json({ certificate: await showCompanyCa({ caller: callerOf(req) }, deps) } satisfies CaCertificateAnswer);
  });
  r.post('/company/signature/create', requireUser, async (req, res) => {
    const b = parseInput(signatureSchema, req.body ?? {});
    const created = await createSignature({ caller: callerOf(req), password: b.password, effectiveDate: b.effectiveDate }, deps);
    res.status(201).json({ signature: signatureView(created) } satisfies SignatureAnswer);
  });
  /** Anyone signed in can check who signed what: data as base64, the signature and its certificate. */
  r.post('/company/signature/verify', requireUser, async (req, res) => {
    const { data, signature: value, certificatePem } = req.body ?? {};
    if (typeof data !== 'string' || typeof value !== 'string' || typeof certificatePem !== 'string') throw new AppError('INVALID_INPUT');
    const verification = await verifySignature({ data: Buffer.from(data, 'base64'), signature: value, certificatePem }, deps);
    res.json({ verification } satisfies SignatureVerifyAnswer);
  });
  r.get('/company/signature/:id', requireUser, async (req, res) => {
    res.json({ signature: signatureView(await showSignature(signature(req), deps)) } satisfies SignatureAnswer);
  });
  r.post('/company/signature/:id/update', requireUser, async (req, res) => {
    const b = parseInput(signatureSchema, req.body ?? {});
    const { oldPassword } = parseInput(reissueBody, req.body ?? {});
    const next = await reissueSignature({ ...signature(req), oldPassword, password: b.password, effectiveDate: b.effectiveDate }, deps);
    res.json({ signature: signatureView(next) } satisfies SignatureAnswer);
  });
  r.post('/company/signature/:id/reset', requireUser, async (req, res) => {
    await resetSignature(signature(req), deps);
    res.json({ ok: true } satisfies OkAnswer);
  });
  return r;
}
