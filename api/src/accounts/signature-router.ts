import type { Router } from 'express';
import { z } from 'zod';
import { featureRouter } from '../http/params';
import {
  AppError,
  can,
  isAdmin,
  signatureSchema,
  signatureView,
  type Actor,
  type CaCertificateAnswer,
  type MySignatureAnswer,
  type SignatureAnswer,
  type SignatureVerifyAnswer,
  type OkAnswer,
} from '@grain/domain';
import type { ApiDeps } from '../deps';
import { parseInput } from '../http/parse-input';
import { companyRequired } from '../http/access';
import { actorOf, denyAccess, ensurePermission, requireUser } from '../http/auth-middleware';

const today = () => new Date().toISOString().slice(0, 10);

/** A re-issue names the key's current password: whoever holds only the session cannot replace the key. */
const reissueBody = z.object({ oldPassword: z.string().max(200).optional() });

/**
 * The caller's digital signature (docs/spec/approvals.md §2, §6): create and update need editInfo (admin always)
 * and act on one's own signature only. The private key never leaves the database unencrypted. Every key
 * is its own: an update makes a new key (new id and GUID) and needs the current key's password; without
 * it, an admin of the company resets the key, and its owner creates a new one. A replaced key is kept
 * (retired) so the signatures made with it still verify against its certificate.
 */
export function createSignatureRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const { companies, users, signatures } = deps.stores;
  async function ownerOf(a: Actor) {
    const company = (await companies.byId(companyRequired(a)))!;
    const user = (await users.byId(a.id))!;
    return { user, company };
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
    const created = await signatures.issue(await ownerOf(a), b.password, b.effectiveDate || today(), deps.config.caKeySecret);
    res.status(201).json({ signature: signatureView(created) } satisfies SignatureAnswer);
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
    if (s.retiredAt) throw new AppError('NOT_FOUND');
    const b = parseInput(signatureSchema, req.body ?? {});
    const { oldPassword } = parseInput(reissueBody, req.body ?? {});
    if (!oldPassword) throw new AppError('SIGNATURE_PASSWORD_WRONG');
    const next = await signatures.reissue(await ownerOf(a), s.id, oldPassword, b.password, b.effectiveDate || s.effectiveDate, deps.config.caKeySecret);
    res.json({ signature: signatureView(next) } satisfies SignatureAnswer);
  });
  // An admin of the company resets a user's key (its password is lost): it signs no more, what it signed
  // still verifies, and its owner creates a new one.
  r.post('/company/signature/:id/reset', requireUser, async (req, res) => {
    const a = actorOf(req);
    const s = await signatures.byId(companyRequired(a), String(req.params.id));
    if (!s) throw new AppError('NOT_FOUND');
    if (!isAdmin(a)) await denyAccess(req, { reason: 'signature reset by a non-admin', signature: s.id });
    if (!(await signatures.reset(s.companyId, s.id, a.id))) throw new AppError('NOT_FOUND');
    res.json({ ok: true } satisfies OkAnswer);
  });
  return r;
}
