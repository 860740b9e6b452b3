/**
 * Public verification (no login): anyone holding an issued certificate - or its QR code - can look it up
 * and see its levels, signers and the ledger anchor, and can check a PDF against the one issued. Only
 * issued (done) certificates are visible. A certificate is named by what its issuer controls: its content
 * hash (the QR link; the hash covers the issuing company), or its number with the issuing company's id.
 * Never by a number alone: any company may issue the same number, and numbers are easy to guess.
 * This reads across companies on purpose, so it answers nothing beyond what the certificate shows.
 */
import { readFile } from 'node:fs/promises';
import { type Router, type Request } from 'express';
import { featureRouter } from '../http/params';
import { AppError, issuedCertificate, type CredentialStatusAnswer, type PdfCheckAnswer, type PublicVerifyAnswer } from '@grain/domain';
import { issuerFacts, sha256hex, type PublicCertificate } from '@grain/persistence';
import { singleFile } from '../http/uploads';
import { sha256OfFile } from '../http/file-checks';
import type { CertCtx } from './certificate-context';
import { sendCredential, signedCredential } from './commands/credential';
import { ledgerAnchor } from './commands/ledger-anchor';
import { checkUpload } from './commands/check-upload';
import { digitalSignatures, passkeySignatures } from './commands/digital-signatures';

const query = (req: Request, name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string).trim() : '');
const names = (req: Request) => !!(query(req, 'number') || query(req, 'hash'));

async function find(ctx: CertCtx, req: Request): Promise<PublicCertificate> {
  const number = query(req, 'number').slice(0, 50);
  const hash = query(req, 'hash').toLowerCase();
  const companyId = query(req, 'company');
  if (hash ? !/^[0-9a-f]{64}$/.test(hash) : !number) throw new AppError('INVALID_INPUT');
  if (!hash && !companyId) throw new AppError('VERIFY_COMPANY_REQUIRED');
  if (companyId && !/^[0-9a-f-]{36}$/i.test(companyId)) throw new AppError('INVALID_INPUT', { field: 'company' });
  const found = await ctx.stores.certificates.findPublic(hash ? { hash } : { number, companyId });
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

export function publicVerifyRoutes(ctx: CertCtx): Router {
  const r = featureRouter();
  r.get('/public/verify', async (req, res) => {
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
      },
    };
    res.json(answer);
  });

  // The issued certificate as a verifiable credential, for anyone who holds its hash or number.
  r.get('/public/verify/credential', async (req, res) => {
    const { state: s } = await find(ctx, req);
    sendCredential(res, s.approvalNumber, await signedCredential(ctx.deps, s));
  });

  // The credential's status, which a verifier asks before trusting it: issued, or revoked by its company.
  r.get('/public/verify/status', async (req, res) => {
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

  // The issuing company's CA certificate (and its seal's), to trust the seal of its PDFs and credentials.
  r.get('/public/verify/ca', async (req, res) => {
    const { state: s } = await find(ctx, req);
    // a GET makes no key: the seal exists once the company's first certificate was sealed
    const seal = await ctx.stores.signatures.existingCompanySeal(s.companyId, ctx.deps.config.caKeySecret);
    if (!seal) throw new AppError('SEAL_NOT_READY');
    res.setHeader('Content-Type', 'application/x-pem-file');
    res.setHeader('Content-Disposition', 'attachment; filename="issuer-ca.pem"');
    res.send(`${seal.caCertificatePem.trim()}\n${seal.certificatePem.trim()}\n`);
  });

  // Checks a PDF or credential someone was sent, each check on its own (commands/check-upload.ts).
  r.post('/public/verify/check', singleFile('file', 20 * 1024 * 1024), async (req, res) => {
    if (!req.file) throw new AppError('SELECT_FILE');
    res.json(await checkUpload(ctx, await readFile(req.file.path)));
  });

  // Checks an uploaded PDF against the issued one of the certificate named as for the lookup; naming
  // none, looks for the issued certificate whose recorded PDF hash it has.
  r.post('/public/verify/pdf', singleFile('file', 20 * 1024 * 1024), async (req, res) => {
    if (!req.file) throw new AppError('SELECT_FILE');
    const sha256 = await sha256OfFile(req.file.path);
    if (!names(req)) {
      const approvalNumber = await ctx.stores.certificates.numberOfIssuedPdf(sha256);
      const answer: PdfCheckAnswer = { match: !!approvalNumber, sha256, ...(approvalNumber ? { approvalNumber } : {}) };
      return void res.json(answer);
    }
    const found = await find(ctx, req);
    const issued = await pdfHash(ctx, found);
    const answer: PdfCheckAnswer = { match: !!issued && issued === sha256, sha256, approvalNumber: found.state.approvalNumber };
    res.json(answer);
  });
  return r;
}
