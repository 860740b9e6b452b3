import type { Router } from 'express';
import { featureRouter } from '../http/params';
import { z } from 'zod';
import { GRAIN_CONTRACT, type ChainVerification, type Ledger, type LedgerBlock } from '@grain/adapters';
import type { BlockEventsAnswer, BlockListAnswer, BlockView, ChainVerificationAnswer } from '@grain/domain';
import type { Stores } from '@grain/persistence';
import type { ApiDeps } from '../deps';
import { ensurePermission, requireUser } from '../http/auth-middleware';
import { parseInput } from '../http/parse-input';
import { scopeOf } from '../http/scope';

/** A block as the blockchain view shows it (docs/spec/farm-data-and-documents.md §3 Block; BlockView says what is left out). */
function blockView(b: LedgerBlock, channel: string): BlockView {
  return {
    blockNumber: b.blockNumber,
    lastBlock: b.blockHash,
    previousHash: b.previousHash,
    data_hash: b.dataHash,
    channelHeader: b.channelHeader,
    recordType: b.recordType,
    channel,
    contract: GRAIN_CONTRACT,
  };
}

const blocksQuery = z.object({ before: z.coerce.number().int().min(0).optional(), limit: z.coerce.number().int().min(1).max(100).optional() });

/** Blocks read per page while looking for a company's own, and at most per request. */
const PAGE = 200;
const SCAN_LIMIT = 2000;

/**
 * The company's own blocks, newest first: a farm record or revocation names its company, a certificate's
 * events name the certificate (whose company the read model knows). The channel is shared by every
 * tenant; one sees only its own records (issue 26 item 10).
 */
async function ownBlocks(ledger: Ledger, stores: Stores, companyId: string, opts: { before?: number; limit: number }): Promise<LedgerBlock[]> {
  const out: LedgerBlock[] = [];
  let before = opts.before;
  for (let scanned = 0; out.length < opts.limit && scanned < SCAN_LIMIT;) {
    const page = await ledger.blocks({ before, limit: PAGE });
    if (!page.length) break;
    const certificateIds = page.map((b) => b.payload?.certificateId).filter((x): x is string => typeof x === 'string');
    const companies = await stores.certificates.companiesOf(certificateIds);
    for (const b of page) {
      const p = b.payload ?? {};
      const owner = typeof p.companyId === 'string' ? p.companyId : typeof p.certificateId === 'string' ? companies.get(p.certificateId) : undefined;
      if (owner === companyId && out.length < opts.limit) out.push(b);
    }
    scanned += page.length;
    before = page[page.length - 1].blockNumber;
    if (before <= 0) break;
  }
  return out;
}

/** The grain quality channel (docs/spec/farm-data-and-documents.md §7 event/blockevents), recent blocks and a chain check. */
export function createBlockRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const { ledger } = deps.adapters;

  r.get('/event/blockevents', requireUser, async (req, res) => {
    const { companyId } = scopeOf(req);
    const [last] = await ownBlocks(ledger, deps.stores, companyId, { limit: 1 });
    res.json({ block: last ? blockView(last, ledger.channel) : null, channel: ledger.channel, contract: GRAIN_CONTRACT } satisfies BlockEventsAnswer);
  });

  r.get('/event/blocks', requireUser, async (req, res) => {
    const { companyId } = scopeOf(req);
    const q = parseInput(blocksQuery, req.query);
    const blocks = await ownBlocks(ledger, deps.stores, companyId, { before: q.before, limit: q.limit ?? 20 });
    res.json({ blocks: blocks.map((b) => blockView(b, ledger.channel)) } satisfies BlockListAnswer);
  });

  // Recomputes every block's hashes from its payload (read-only, so a GET): the whole shared chain, so an
  // admin's (viewSystem) act, and one at a time — callers meanwhile share the running one's answer.
  let running: Promise<ChainVerification> | null = null;
  r.get('/event/verify', requireUser, async (req, res) => {
    scopeOf(req);
    await ensurePermission(req, 'viewSystem');
    running ??= ledger.verify().finally(() => (running = null));
    res.json({ verification: await running } satisfies ChainVerificationAnswer);
  });

  return r;
}
