/**
 * The issuer's identity (issue 26 item 6). A company states its registration (ABN or Vietnamese enterprise
 * code) in its profile; the platform's operator (PLATFORM_OPERATORS) checks name and number in the public
 * register and verifies them here — an act kept with its own audit — and only then may the company submit
 * certificates. Its CA and seal are made (again) naming the verified registration. The company gets the
 * DID document to publish on its own domain (did:web from its website), the anchor buyers check.
 */
import type { Router } from 'express';
import { featureRouter } from '../http/params';
import {
  AppError,
  didWebDocumentUrl,
  didWebOf,
  isIdentityVerified,
  issuerRegistration,
  registrationText,
  revokeIdentitySchema,
  revokeSealSchema,
  verifyIdentitySchema,
  type CompanyIdentityAnswer,
  type IdentityEventView,
  type IssuerIdentityView,
  type PlatformCompaniesAnswer,
  type PlatformCompanyAnswer,
  type PlatformCompanyView,
} from '@grain/domain';
import { X509Certificate } from 'node:crypto';
import { companyDidDocument, sealOptionsFor, sealsOf } from '@grain/adapters';
import type { CompanyRow } from '@grain/persistence';
import type { ApiDeps } from '../deps';
import { actorOf, ensurePermission, originOf, requirePermission, requireUser } from '../http/auth-middleware';
import { companyRequired } from '../http/access';
import { revokeSeal } from './commands/revoke-seal';
import { parseInput } from '../http/parse-input';
import { scopeOf } from '../http/scope';
import { requireOperator } from '../http/operators';

const platformView = (c: CompanyRow): PlatformCompanyView => {
  const reg = issuerRegistration(c.tfn);
  const verified = isIdentityVerified(c, c.identity);
  return {
    _id: c.id,
    name: c.name,
    tfn: c.tfn,
    registration: reg ? registrationText(reg) : null,
    verifiedAt: verified ? c.identity.verifiedAt : null,
    verifiedBy: verified ? c.identity.verifiedBy : null,
    website: c.website,
    createdAt: c.createdAt,
  };
};

export function createIssuerRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const { companies, signatures } = deps.stores;
  const events = async (companyId: string): Promise<IdentityEventView[]> => companies.identityEvents(companyId);

  // The caller's company as an issuer: its identity as public views state it, the DID document to publish, the audit.
  const identityAnswer = async (companyId: string): Promise<CompanyIdentityAnswer> => {
    const c = await companies.byId(companyId);
    if (!c) throw new AppError('NOT_FOUND');
    const reg = issuerRegistration(c.tfn);
    const verified = isIdentityVerified(c, c.identity);
    // read only (a GET makes no keys): the CA and seal are made when the operator verifies the company
    const history = verified ? await signatures.companyCertificates(companyId) : [];
    const current = history.find((h) => h.current);
    const certs = current?.sealPem ? { caCertificatePem: current.caPem, certificatePem: current.sealPem } : null;
    const did = didWebOf(c.website);
    const identity: IssuerIdentityView = {
      name: c.name,
      registration: reg ? registrationText(reg) : c.tfn,
      registrationScheme: reg?.scheme ?? null,
      country: reg?.country ?? null,
      verifiedAt: verified ? c.identity.verifiedAt : null,
      caFingerprint: certs ? new X509Certificate(certs.caCertificatePem).fingerprint256 : null,
      did,
      sealFingerprint: certs ? new X509Certificate(certs.certificatePem).fingerprint256.replace(/:/g, '').toLowerCase() : null,
    };
    return {
      identity,
      didDocumentUrl: did ? didWebDocumentUrl(did) : null,
      didDocument: did && certs ? companyDidDocument(did, certs.caCertificatePem, sealsOf(history)) : null,
      events: await events(companyId),
      sealRevocations: await signatures.sealRevocations(companyId),
    };
  };
  r.get('/company/identity', requireUser, async (req, res) => {
    res.json((await identityAnswer(scopeOf(req).companyId)) satisfies CompanyIdentityAnswer);
  });

  // An admin revokes the company's seal certificate (a lost or stolen key): commands/revoke-seal.ts.
  r.post('/company/identity/seal/:fingerprint/revoke', requirePermission('editSystem'), async (req, res) => {
    const { reason } = parseInput(revokeSealSchema, req.body ?? {});
    const access = actorOf(req);
    const companyId = companyRequired(access);
    await revokeSeal(
      { caller: { access, companyId, email: req.user?.email, origin: originOf(req) }, fingerprint: String(req.params.fingerprint), reason },
      { stores: deps.stores, caKeySecret: deps.config.caKeySecret, publicUrl: deps.config.publicUrl },
    );
    res.json((await identityAnswer(companyId)) satisfies CompanyIdentityAnswer);
  });

  // The DID document alone, as the file to publish at https://<domain>/.well-known/did.json.
  r.get('/company/identity/did.json', requireUser, async (req, res) => {
    const a = await ensurePermission(req, 'viewSystem');
    const c = await companies.byId(a.companyId ?? '');
    if (!c) throw new AppError('NOT_FOUND');
    const did = didWebOf(c.website);
    const history = await signatures.companyCertificates(c.id);
    const current = history.find((h) => h.current);
    if (!did || !isIdentityVerified(c, c.identity) || !current?.sealPem) throw new AppError('NOT_FOUND');
    res.setHeader('Content-Type', 'application/did+json');
    res.setHeader('Content-Disposition', 'attachment; filename="did.json"');
    res.send(JSON.stringify(companyDidDocument(did, current.caPem, sealsOf(history)), null, 2));
  });

  // The platform's operator: every company with its identity, and the acts on it.
  r.get('/platform/companies', requireUser, async (req, res) => {
    await requireOperator(deps, req);
    res.json({ companies: (await companies.listAll(1000)).map(platformView) } satisfies PlatformCompaniesAnswer);
  });

  r.get('/platform/company/:id', requireUser, async (req, res) => {
    await requireOperator(deps, req);
    const c = await companies.byId(String(req.params.id));
    if (!c) throw new AppError('NOT_FOUND');
    res.json({ company: platformView(c), events: await events(c.id) } satisfies PlatformCompanyAnswer);
  });

  r.post('/platform/company/:id/verify', requireUser, async (req, res) => {
    const operator = await requireOperator(deps, req);
    const b = parseInput(verifyIdentitySchema, req.body ?? {});
    const c = await companies.byId(String(req.params.id));
    if (!c) throw new AppError('NOT_FOUND');
    const reg = issuerRegistration(c.tfn);
    if (!reg) throw new AppError('IDENTITY_REGISTRATION_INVALID');
    // the operator confirms what they checked: exactly the company's current name and number
    if (b.name !== c.name || issuerRegistration(b.registration)?.value !== reg.value) throw new AppError('IDENTITY_MISMATCH');
    const holder = await companies.byVerifiedRegistration(reg.value);
    if (holder && holder.id !== c.id && isIdentityVerified(holder, holder.identity)) throw new AppError('REGISTRATION_TAKEN');
    await deps.stores.transaction(async (tx) => {
      await tx.companies.recordIdentity(c.id, { action: 'verified', name: c.name, registration: reg.value, by: operator, note: b.note ?? null });
      // a CA made before names no verified registration: retired, and the next seal is made under a new one
      await tx.signatures.retireStaleCompanyCa(c.id);
    });
    // its CA and seal, naming the verified registration, exist from now on (the DID document names them)
    await signatures.companySeal(c, deps.config.caKeySecret, sealOptionsFor(deps.config.publicUrl, c.id, didWebOf(c.website)));
    const after = (await companies.byId(c.id))!;
    res.json({ company: platformView(after), events: await events(c.id) } satisfies PlatformCompanyAnswer);
  });

  r.post('/platform/company/:id/revoke', requireUser, async (req, res) => {
    const operator = await requireOperator(deps, req);
    const b = parseInput(revokeIdentitySchema, req.body ?? {});
    const c = await companies.byId(String(req.params.id));
    if (!c) throw new AppError('NOT_FOUND');
    await deps.stores.transaction(async (tx) => {
      await tx.companies.recordIdentity(c.id, { action: 'revoked', name: null, registration: null, by: operator, note: b.note });
      await tx.signatures.retireStaleCompanyCa(c.id);
    });
    res.json({ company: platformView((await companies.byId(c.id))!), events: await events(c.id) } satisfies PlatformCompanyAnswer);
  });

  return r;
}
