/**
 * Public verification (no login): anyone holding an issued certificate - or its QR code - can look it up
 * and see its levels, signers and the ledger anchor, and can check a PDF or credential against the one
 * issued. Only issued (done) certificates are visible. A certificate is named by a secret its holder has
 * (issue 26 item 9): its content hash (the QR link), or its number with the verification code printed on it
 * (the first 48 bits of the hash) — never by a number alone, nor by a number with the company id printed on
 * every certificate, which let one holder walk a company's every certificate. Every route is throttled per
 * address. This reads across companies on purpose, so it answers nothing beyond what the certificate shows.
 */
import { readFile } from 'node:fs/promises';
import { type Router, type Request } from 'express';
import { featureRouter } from '../http/params';
import {
  AppError,
  issuedCertificate,
  statusListKey,
  statusListUrl,
  verificationCodePrefix,
  type CredentialStatusAnswer,
  type IssuerAnchorAnswer,
  type PdfCheckAnswer,
  type PublicVerifyAnswer,
  type StatusListView,
} from '@grain/domain';
import { issuerFacts, sha256hex, type PublicCertificate } from '@grain/persistence';
import { singleFile } from '../http/uploads';
import { sha256OfFile } from '../http/file-checks';
import { publicThrottle } from '../http/public-throttle';
import type { CertCtx } from './certificate-context';
import { sendCredential, signedCredential } from './commands/credential';
import { ledgerAnchor } from './commands/ledger-anchor';
import { checkUpload } from './commands/check-upload';
import { digitalSignatures, passkeySignatures } from './commands/digital-signatures';
import { issuerView, pinnedSeal } from './commands/issuer-pin';

const query = (req: Request, name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string).trim() : '');
const names = (req: Request) => !!(query(req, 'number') || query(req, 'hash'));

async function find(ctx: CertCtx, req: Request): Promise<PublicCertificate> {
  const number = query(req, 'number').slice(0, 50);
  const hash = query(req, 'hash').toLowerCase();
  if (hash) {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new AppError('INVALID_INPUT', { field: 'hash' });
  } else {
    if (!number) throw new AppError('INVALID_INPUT');
    if (!query(req, 'code')) throw new AppError('VERIFY_CODE_REQUIRED');
  }
  const prefix = hash ? null : verificationCodePrefix(query(req, 'code'));
  if (!hash && !prefix) throw new AppError('INVALID_INPUT', { field: 'code' });
  const found = await ctx.stores.certificates.findPublic(hash ? { hash } : { number, hashPrefix: prefix! });
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/** The recorded hash of the issued PDF; for one issued before hashes were recorded, hashed from storage. */
async function pdfHash(ctx: CertCtx, { state: s, pdfSha256 }: PublicCertificate): Promise<string | null> {
  if (s.status !== 'done' || !s.pdfKey) return null;
  if (pdfSha256) return pdfSha256;
  const pdf = await ctx.deps.adapters.storage.get(s.pdfKey).catch(() => null);
  return pdf ? sha256hex(pdf) : null;
}

/** A PDF check's answer: the match, and with it whether the certificate still stands (revoked: when, by whom, why). */
const pdfAnswer = (sha256: string, match: boolean, found: PublicCertificate | null): PdfCheckAnswer => ({
  match,
  sha256,
  ...(found ? { approvalNumber: found.state.approvalNumber } : {}),
  ...(found && match ? { status: found.revocation ? 'revoked' : 'issued', revocation: found.revocation } : {}),
});

/** The certificate's entry in its issuer's status list, and how old a verifier's copy of the list may be. */
async function statusListOf(ctx: CertCtx, s: PublicCertificate['state']): Promise<StatusListView | null> {
  const stored = await ctx.stores.credentials.ofCertificate(s.id);
  if (!stored?.jwt) return null;
  const list = await ctx.stores.credentials.statusList(s.companyId, statusListKey(stored.issuerDid));
  return {
    url: statusListUrl(ctx.deps.config.publicUrl, s.companyId, stored.issuerDid),
    index: stored.statusIndex,
    issuerDid: stored.issuerDid,
    madeAt: list?.madeAt ?? null,
    maxAgeSeconds: ctx.deps.config.statusListMaxAgeSeconds,
  };
}

export function publicVerifyRoutes(ctx: CertCtx): Router {
  const r = featureRouter();
  const lookups = publicThrottle(ctx.deps, 'lookup');
  const checks = publicThrottle(ctx.deps, 'check');

  r.get('/public/verify', lookups, async (req, res) => {
    const found = await find(ctx, req);
    const s = found.state;
    const facts = await issuerFacts(ctx.stores, s);
    const digital = await digitalSignatures(ctx.stores, s);
    const passkey = await passkeySignatures(ctx.stores, s);
    const answer: PublicVerifyAnswer = {
      approval: {
        approvalNumber: s.approvalNumber,
        approvalName: s.approvalName,
        status: s.status,
        completedDate: s.completedDate,
        contentHash: s.contentHash,
        chainId: s.chainId,
        company: facts.issuer?.name ?? '',
        approvalLevels: s.levels.map((l) => ({
          level: l.level,
          group: l.group,
          status: l.status,
          signed: l.signed.map((e) => ({
            name: e.name,
            at: e.at,
            txId: e.txId,
            ...(e.onBehalfOf ? { onBehalfOf: l.signers.find((x) => x.id === e.onBehalfOf)?.name ?? null } : {}),
            // a signer's personal digital signature, with the certificates to check it
            ...(digital(e) ? { digitalSignature: digital(e) } : {}),
            // or their passkey signature: the assertion, the statement it signs and the passkey's public key
            ...(passkey(e) ? { passkeySignature: passkey(e) } : {}),
          })),
        })),
        ledger: await ledgerAnchor(ctx, s),
        pdfSha256: await pdfHash(ctx, found),
        issued: issuedCertificate(s, facts),
        revocation: found.revocation,
        issuer: await issuerView(ctx, found),
        statusList: await statusListOf(ctx, s),
      },
    };
    res.json(answer);
  });

  // The issued certificate as a verifiable credential, for anyone who holds its hash or number and code.
  r.get('/public/verify/credential', lookups, async (req, res) => {
    const { state: s } = await find(ctx, req);
    sendCredential(res, s.approvalNumber, await signedCredential(ctx.deps, s));
  });

  // The issued (sealed) PDF itself, for anyone who holds its hash or number and code (the resolver's PDF link).
  r.get('/public/verify/pdf-file', lookups, async (req, res) => {
    const { state: s } = await find(ctx, req);
    if (s.status !== 'done' || !s.pdfKey) throw new AppError('NOT_FOUND');
    const pdf = await ctx.deps.adapters.storage.get(s.pdfKey);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `inline; filename="certificate-${s.approvalNumber.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf"`);
    res.send(pdf);
  });

  // The credential's status, which a verifier asks before trusting it: issued, or revoked by its company.
  r.get('/public/verify/status', lookups, async (req, res) => {
    const { state: s, revocation } = await find(ctx, req);
    const answer: CredentialStatusAnswer = {
      status: revocation ? 'revoked' : 'issued',
      approvalNumber: s.approvalNumber,
      contentHash: s.contentHash,
      completedDate: s.completedDate,
      revocation,
    };
    res.json(answer);
  });

  // The CA certificate and the seal certificate that sealed this certificate (pinned at issue).
  r.get('/public/verify/ca', lookups, async (req, res) => {
    const found = await find(ctx, req);
    const pinned = await pinnedSeal(ctx, found);
    if (!pinned) throw new AppError('NOT_FOUND');
    res.setHeader('Content-Type', 'application/x-pem-file');
    res.setHeader('Content-Disposition', 'attachment; filename="issuer-ca.pem"');
    res.send(`${pinned.caPem.trim()}\n${pinned.sealPem.trim()}\n`);
  });

  // The out-of-band anchor: the DID document the issuer publishes on its own domain, read now, and
  // whether it names the CA that sealed this certificate.
  r.get('/public/verify/anchor', lookups, async (req, res) => {
    const found = await find(ctx, req);
    const issuer = await issuerView(ctx, found);
    const pinned = await pinnedSeal(ctx, found);
    const now = new Date().toISOString();
    if (!issuer.did || !pinned) {
      return void res.json({ did: issuer.did, url: null, caFingerprint: issuer.caFingerprint, status: 'none', checkedAt: now } satisfies IssuerAnchorAnswer);
    }
    const a = await ctx.deps.adapters.didWeb.anchor(issuer.did, pinned.caPem);
    res.json({ did: a.did, url: a.url || null, caFingerprint: issuer.caFingerprint, status: a.status, checkedAt: a.checkedAt } satisfies IssuerAnchorAnswer);
  });

  // Checks a PDF or credential someone was sent, each check on its own (commands/check-upload.ts).
  r.post('/public/verify/check', checks, singleFile('file', 20 * 1024 * 1024), async (req, res) => {
    if (!req.file) throw new AppError('SELECT_FILE');
    res.json(await checkUpload(ctx, await readFile(req.file.path)));
  });

  // Checks an uploaded PDF against the issued one of the certificate named as for the lookup; naming
  // none, looks for the issued certificate whose recorded PDF hash it has.
  r.post('/public/verify/pdf', checks, singleFile('file', 20 * 1024 * 1024), async (req, res) => {
    if (!req.file) throw new AppError('SELECT_FILE');
    const sha256 = await sha256OfFile(req.file.path);
    if (!names(req)) {
      const found = await ctx.stores.certificates.findPublic({ pdfSha256: sha256 });
      return void res.json(pdfAnswer(sha256, !!found, found));
    }
    const found = await find(ctx, req);
    const issued = await pdfHash(ctx, found);
    res.json(pdfAnswer(sha256, !!issued && issued === sha256, found));
  });
  return r;
}
