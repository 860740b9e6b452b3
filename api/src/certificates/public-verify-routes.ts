/**
 * Public verification (no login): anyone holding a certificate - or its QR code - can look it up by
 * number or content hash and see status, levels, signers and the ledger anchor, and can check a PDF
 * against the one issued. Only submitted certificates are visible; drafts and cancelled ones are not.
 * This reads across companies on purpose, so it answers nothing beyond what the certificate shows.
 */
import { createHash } from 'node:crypto';
import { Router, type Request } from 'express';
import { AppError, certificateWorkflowId, type CertificateState } from '@grain/domain';
import { singleFile } from '../farmdata/uploads';
import type { CertCtx } from './certificate-context';

interface Found {
  s: CertificateState;
  /** sha256 of the issued PDF as recorded when it was stored (null for certificates issued before). */
  pdfSha256: string | null;
}

async function find(ctx: CertCtx, req: Request): Promise<Found> {
  const number = typeof req.query.number === 'string' ? req.query.number.trim().slice(0, 50) : '';
  const hash = typeof req.query.hash === 'string' ? req.query.hash.trim().toLowerCase() : '';
  if (!number && !/^[0-9a-f]{64}$/.test(hash)) throw new AppError('INVALID_INPUT');
  let q = ctx.deps.knex('certificates').whereNotIn('status', ['created', 'cancelled']);
  q = hash ? q.where('content_hash', hash) : q.where('approval_number', number);
  // The same number may exist in two companies: a done certificate first, then the newest.
  const row = await q.orderByRaw(`case when status = 'done' then 0 else 1 end`).orderBy('updated_at', 'desc').first('state', 'pdf_sha256');
  if (!row) throw new AppError('NOT_FOUND');
  return { s: typeof row.state === 'string' ? JSON.parse(row.state) : row.state, pdfSha256: row.pdf_sha256 ?? null };
}

/** The recorded hash of the issued PDF; for one issued before hashes were recorded, hashed from storage. */
async function pdfHash(ctx: CertCtx, { s, pdfSha256 }: Found): Promise<string | null> {
  if (s.status !== 'done' || !s.pdfKey) return null;
  if (pdfSha256) return pdfSha256;
  const pdf = await ctx.deps.adapters.storage.get(s.pdfKey).catch(() => null);
  return pdf ? createHash('sha256').update(pdf).digest('hex') : null;
}

/** The completion block: its key is `<workflow id>:<version>:completion`, the version being the one that completed. */
async function ledgerAnchor(ctx: CertCtx, s: CertificateState) {
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
    const s = found.s;
    const company = await ctx.deps.knex('companies').where({ id: s.companyId }).first('name');
    res.json({
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
    });
  });

  // Checks an uploaded PDF against the issued one of the certificate named by ?number= or ?hash=;
  // without either, looks for the certificate whose recorded PDF hash it has.
  r.post('/public/verify/pdf', singleFile('file', 20 * 1024 * 1024), async (req, res) => {
    if (!req.file) throw new AppError('SELECT_FILE');
    const sha256 = createHash('sha256').update(req.file.buffer).digest('hex');
    if (!req.query.number && !req.query.hash) {
      const row = await ctx.deps.knex('certificates').where({ status: 'done', pdf_sha256: sha256 }).first('approval_number');
      return void res.json({ match: !!row, sha256, ...(row ? { approvalNumber: row.approval_number } : {}) });
    }
    const found = await find(ctx, req);
    const issued = await pdfHash(ctx, found);
    res.json({ match: !!issued && issued === sha256, sha256, approvalNumber: found.s.approvalNumber });
  });
  return r;
}
