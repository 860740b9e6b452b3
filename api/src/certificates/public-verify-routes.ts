/**
 * Public verification (no login): anyone holding an issued certificate - or its QR code - can look it up
 * and see its levels, signers and the ledger anchor, and can check a PDF or credential against the one
 * issued. Only issued (done) certificates are visible, named by a secret their holder has: the content
 * hash, or the number with the printed verification code (support/find-issued.ts). Every route is
 * throttled per address. Each handler parses, runs a use case of ./commands and answers.
 */
import { readFile } from 'node:fs/promises';
import { type Router, type Request } from 'express';
import { featureRouter } from '../http/params';
import {
  AppError,
  verificationCodePrefix,
  type CredentialStatusAnswer,
  type IssuerAnchorAnswer,
  type PdfCheckAnswer,
  type PublicVerifyAnswer,
  type UploadCheckAnswer,
} from '@grain/domain';
import { singleFile } from '../http/uploads';
import { sha256OfFile } from '../http/file-checks';
import { publicThrottle } from '../http/public-throttle';
import type { ApiDeps } from '../deps';
import type { CertCtx } from './certificate-context';
import { sendCredential, sendXml } from './file-answers';
import type { IssuedRef } from './support/find-issued';
import { checkFile } from './commands/check-file';
import { downloadIssuedCredential } from './commands/download-issued-credential';
import { downloadIssuerCa } from './commands/download-issuer-ca';
import { downloadIssuedPdf } from './commands/download-issued-pdf';
import { downloadIssuedXml } from './commands/download-issued-xml';
import { matchPdf } from './commands/match-pdf';
import { showCredentialStatus } from './commands/show-credential-status';
import { showIssuerAnchor } from './commands/show-issuer-anchor';
import { verifyIssued } from './commands/verify-issued';

const query = (req: Request, name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string).trim() : '');

/** The certificate the query names: `hash`, or `number` with the printed verification `code` (a number alone is refused). */
function issuedRef(req: Request): IssuedRef {
  const number = query(req, 'number').slice(0, 50);
  const hash = query(req, 'hash').toLowerCase();
  if (hash) {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new AppError('INVALID_INPUT', { field: 'hash' });
    return { hash };
  }
  if (!number) throw new AppError('INVALID_INPUT');
  if (!query(req, 'code')) throw new AppError('VERIFY_CODE_REQUIRED');
  const hashPrefix = verificationCodePrefix(query(req, 'code'));
  if (!hashPrefix) throw new AppError('INVALID_INPUT', { field: 'code' });
  return { number, hashPrefix };
}
const namesOne = (req: Request) => !!(query(req, 'number') || query(req, 'hash'));

export function publicVerifyRoutes(ctx: CertCtx, deps: Pick<ApiDeps, 'config' | 'stores'>): Router {
  const r = featureRouter();
  const lookups = publicThrottle(deps, 'lookup');
  const checks = publicThrottle(deps, 'check');
  r.get('/public/verify', lookups, async (req, res) => {
    res.json((await verifyIssued({ ref: issuedRef(req) }, ctx)) satisfies PublicVerifyAnswer);
  });
  r.get('/public/verify/credential', lookups, async (req, res) => {
    sendCredential(res, await downloadIssuedCredential({ ref: issuedRef(req) }, ctx));
  });
  // The issued certificate as UN/CEFACT SPS e-Cert XML (issue 31 item 5).
  r.get('/public/verify/xml', lookups, async (req, res) => {
    sendXml(res, await downloadIssuedXml({ ref: issuedRef(req) }, ctx));
  });
  // The issued (sealed) PDF itself (the one link's PDF, shown in the browser).
  r.get('/public/verify/pdf-file', lookups, async (req, res) => {
    const { fileName, pdf } = await downloadIssuedPdf({ ref: issuedRef(req) }, ctx);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `inline; filename="${fileName}"`);
    res.send(pdf);
  });
  r.get('/public/verify/status', lookups, async (req, res) => {
    res.json((await showCredentialStatus({ ref: issuedRef(req) }, ctx)) satisfies CredentialStatusAnswer);
  });
  r.get('/public/verify/ca', lookups, async (req, res) => {
    const pem = await downloadIssuerCa({ ref: issuedRef(req) }, ctx);
    res.setHeader('Content-Type', 'application/x-pem-file');
    res.setHeader('Content-Disposition', 'attachment; filename="issuer-ca.pem"');
    res.send(pem);
  });
  r.get('/public/verify/anchor', lookups, async (req, res) => {
    res.json((await showIssuerAnchor({ ref: issuedRef(req) }, ctx)) satisfies IssuerAnchorAnswer);
  });
  r.post('/public/verify/check', checks, singleFile('file', 20 * 1024 * 1024), async (req, res) => {
    if (!req.file) throw new AppError('SELECT_FILE');
    res.json((await checkFile({ file: await readFile(req.file.path) }, ctx)) satisfies UploadCheckAnswer);
  });
  r.post('/public/verify/pdf', checks, singleFile('file', 20 * 1024 * 1024), async (req, res) => {
    if (!req.file) throw new AppError('SELECT_FILE');
    const sha256 = await sha256OfFile(req.file.path);
    res.json((await matchPdf({ ref: namesOne(req) ? issuedRef(req) : null, sha256 }, ctx)) satisfies PdfCheckAnswer);
  });
  return r;
}
