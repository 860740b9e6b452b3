/**
 * Public verification (no login): anyone holding a certificate - or its QR code - can look it up by
 * number or content hash and see status, levels, signers and the ledger anchor, and can check a PDF
 * against the one issued. Only submitted certificates are visible; drafts and cancelled ones are not.
 * This reads across companies on purpose, so it answers nothing beyond what the certificate shows.
 */
import { createHash } from 'node:crypto';
import { Router, type Request } from 'express';
import { AppError, certificateWorkflowId, type CertificateState, type LedgerAnchor, type PdfCheckAnswer, type PublicVerifyAnswer } from '@grain/domain';
import type { PublicCertificate } from '@grain/persistence';
import { singleFile } from '../http/uploads';
import { sha256OfFile } from '../http/file-checks';
import type { CertCtx } from './certificate-context';

async function find(ctx: CertCtx, req: Request): Promise<PublicCertificate> {
  const number = typeof req.query.number === 'string' ? req.query.number.trim().slice(0, 50) : '';
  const hash = typeof req.query.hash === 'string' ? req.query.hash.trim().toLowerCase() : '';
  if (!number && !/^[0-9a-f]{64}$/.test(hash)) throw new AppError('INVALID_INPUT');
  const found = await ctx.stores.certificates.findPublic(hash ? { hash } : { number });
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/** The recorded hash of the issued PDF; for one issued before hashes were recorded, hashed from storage. */
async function pdfHash(ctx: CertCtx, { state: s, pdfSha256 }: PublicCertificate): Promise<string | null> {
  if (s.status !== 'done' || !s.pdfKey) return null;
  if (pdfSha256) return pdfSha256;
  const pdf = await ctx.deps.adapters.storage.get(s.pdfKey).catch(() => null);
  return pdf ? createHash('sha256').update(pdf).digest('hex') : null;
}

/** The completion block: its key is `<workflow id>:<version>:completion`, the version being the one that completed. */
async function ledgerAnchor(ctx: CertCtx, s: CertificateState): Promise<LedgerAnchor | null> {
  if (s.status !== 'done') return null;
  for (let v = s.version; v > 0 && v >= s.version - 10; v--) {
    const b = await ctx.deps.adapters.ledger.findByKey(`${certificateWorkflowId(s.id)}:${v}:completion`).catch(() => null);
    if (b) return { txId: b.channelHeader.tx_id, blockNumber: b.blockNumber, blockHash: b.blockHash, timestamp: b.channelHeader.timestamp };
  }
  return null;
}

export function publicVerifyRoutes(ctx: CertCtx): Router {
  const r = Router();
  r.get('/public/verify', async (req, res) => {
    const found = await find(ctx, req);
    const s = found.state;
    const company = await ctx.stores.companies.byId(s.companyId);
    const answer: PublicVerifyAnswer = {
      approval: {
        approvalNumber: s.approvalNumber, approvalName: s.approvalName, status: s.status, completedDate: s.completedDate,
        contentHash: s.contentHash, chainId: s.chainId, company: company?.name ?? '',
        approvalLevels: s.levels.map((l) => ({ level: l.level, group: l.group, status: l.status, signed: l.signed.map((e) => ({
          name: e.name, at: e.at, txId: e.txId,
          ...(e.onBehalfOf ? { onBehalfOf: l.signers.find((x) => x.id === e.onBehalfOf)?.name ?? null } : {}),
        })) })),
        ledger: await ledgerAnchor(ctx, s),
        pdfSha256: await pdfHash(ctx, found),
      },
    };
    res.json(answer);
  });

  // Checks an uploaded PDF against the issued one of the certificate named by ?number= or ?hash=;
  // without either, looks for the certificate whose recorded PDF hash it has.
  r.post('/public/verify/pdf', singleFile('file', 20 * 1024 * 1024), async (req, res) => {
    if (!req.file) throw new AppError('SELECT_FILE');
    const sha256 = await sha256OfFile(req.file.path);
    if (!req.query.number && !req.query.hash) {
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
