import type { Router } from 'express';
import { featureRouter } from '../http/params';
import { z } from 'zod';
import { GRAIN_CONTRACT, type LedgerBlock } from '@grain/adapters';
import type { BlockEventsAnswer, BlockListAnswer, BlockView, ChainVerificationAnswer } from '@grain/domain';
import type { ApiDeps } from '../deps';
import { requireUser } from '../http/auth-middleware';
import { parseInput } from '../http/parse-input';

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

/** The grain quality channel (docs/spec/farm-data-and-documents.md §7 event/blockevents), recent blocks and a chain check. */
export function createBlockRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const { ledger } = deps.adapters;

  r.get('/event/blockevents', requireUser, async (_req, res) => {
    const last = await ledger.lastBlock();
    res.json({ block: last ? blockView(last, ledger.channel) : null, channel: ledger.channel, contract: GRAIN_CONTRACT } satisfies BlockEventsAnswer);
  });

  r.get('/event/blocks', requireUser, async (req, res) => {
    const q = parseInput(blocksQuery, req.query);
    const blocks = await ledger.blocks({ before: q.before, limit: q.limit ?? 20 });
    res.json({ blocks: blocks.map((b) => blockView(b, ledger.channel)) } satisfies BlockListAnswer);
  });

  // Recomputes every block's hashes from its payload; read-only, so a GET.
  r.get('/event/verify', requireUser, async (_req, res) => {
    res.json({ verification: await ledger.verify() } satisfies ChainVerificationAnswer);
  });

  return r;
}
