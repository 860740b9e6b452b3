import type { Router } from 'express';
import { featureRouter } from '../http/params';
import {
  AppError,
  can,
  signatureSchema,
  signatureView,
  type Actor,
  type CaCertificateAnswer,
  type MySignatureAnswer,
  type SignatureAnswer,
  type SignatureVerifyAnswer,
} from '@grain/domain';
import type { ApiDeps } from '../deps';
import { parseInput } from '../http/parse-input';
import { companyRequired } from '../http/scope';
import { actorOf, denyAccess, ensurePermission, requireUser } from '../http/auth-middleware';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The caller's digital signature (docs/spec/approvals.md §2, §6): create and update need editInfo (admin always)
 * and act on one's own signature only. The private key never leaves the database unencrypted.
 */
export function createSignatureRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const { companies, users, signatures } = deps.stores;
  async function issue(a: Actor, password: string, effectiveDate: string | undefined) {
    const company = (await companies.byId(companyRequired(a)))!;
    const user = (await users.byId(a.id))!;
    return signatures.issue({ user, company }, password, effectiveDate || today(), deps.config.caKeySecret);
  }

  r.get('/company/signature', requireUser, async (req, res) => {
    const s = await signatures.ofUser(actorOf(req).id);
    res.json({ signature: s ? signatureView(s) : null } satisfies MySignatureAnswer);
  });
  r.get('/company/signature/ca', requireUser, async (req, res) => {
    const a = actorOf(req);
    res.json({ certificate: await signatures.companyCaCertificatePem(companyRequired(a)) } satisfies CaCertificateAnswer);
  });
  r.post('/company/signature/create', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'editInfo');
    const b = parseInput(signatureSchema, req.body ?? {});
    res.status(201).json({ signature: signatureView(await issue(a, b.password, b.effectiveDate)) } satisfies SignatureAnswer);
  });
  /** Anyone signed in can check who signed what: data as base64, the signature and its certificate. */
  r.post('/company/signature/verify', requireUser, async (req, res) => {
    const { data, signature, certificatePem } = req.body ?? {};
    if (typeof data !== 'string' || typeof signature !== 'string' || typeof certificatePem !== 'string') throw new AppError('INVALID_INPUT');
    res.json({ verification: await signatures.verify({ data: Buffer.from(data, 'base64'), signature, certificatePem }) } satisfies SignatureVerifyAnswer);
  });
  r.get('/company/signature/:id', requireUser, async (req, res) => {
    const a = actorOf(req);
    const s = await signatures.byId(companyRequired(a), String(req.params.id));
    if (!s) throw new AppError('NOT_FOUND');
    if (s.userId !== a.id && !can(a, 'viewSystem')) await denyAccess(req, { permission: 'viewSystem', signature: s.id });
    res.json({ signature: signatureView(s) } satisfies SignatureAnswer);
  });
  r.post('/company/signature/:id/update', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'editInfo');
    const s = await signatures.byId(companyRequired(a), String(req.params.id));
    if (!s) throw new AppError('NOT_FOUND');
    if (s.userId !== a.id) await denyAccess(req, { reason: 'signature of another user', signature: s.id });
    const b = parseInput(signatureSchema, req.body ?? {});
    res.json({ signature: signatureView(await issue(a, b.password, b.effectiveDate || s.effectiveDate)) } satisfies SignatureAnswer);
  });
  return r;
}
