import { readFile } from 'node:fs/promises';
import type { Router } from 'express';
import { z } from 'zod';
import {
  AppError,
  farmDataInputSchemaFor,
  FARM_DATA_TYPES,
  generateHarvest,
  GRAIN_TYPES,
  type FarmDataCreatedAnswer,
  type FarmDataDetailAnswer,
  type FarmDataListAnswer,
  type FarmDataUploadAnswer,
  type GeneratedFarmDataAnswer,
} from '@grain/domain';
import type { ApiDeps } from '../deps';
import { requirePermission } from '../http/auth-middleware';
import { langOf } from '../http/lang';
import { parseFarmCsv } from './csv-upload';
import { recordOnLedger, recordPending } from './ledger-recording';
import { scopeOf } from '../http/scope';
import { uuidParam, featureRouter } from '../http/params';
import { parseInput } from '../http/parse-input';
import { companyToday } from '../http/place';
import { singleFile } from '../http/uploads';
import { checkFileName } from '../http/file-checks';
import { withStandardFlag, withStandardFlags } from './standard-flag';

const CSV_MAX_BYTES = 5 * 1024 * 1024;

const listQuery = z.object({
  dataType: z.enum(FARM_DATA_TYPES).optional(),
  grainType: z.enum(GRAIN_TYPES).optional(),
  q: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(2000).optional(),
});

/**
 * Harvesting records (docs/spec/farm-data-and-documents.md §7): create (manual or a streamed record), list, autogenerate (a
 * plausible record for the streaming page, not saved), CSV upload (all rows or none), plus search and
 * detail for pickers such as the certificate's primary document. Reading needs viewDocument, writing
 * editDocument; everything is scoped to the caller's company.
 */
export function createFarmDataRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const store = deps.stores.farmData;
  const { ledger } = deps.adapters;

  r.post('/farmdata/harvesting/create', requirePermission('editDocument'), async (req, res) => {
    const { actor, companyId } = scopeOf(req);
    // a production date after the company's today (or implausibly old) cannot be true
    const v = parseInput(farmDataInputSchemaFor(await companyToday(deps.stores, companyId, req)), req.body?.farmData ?? req.body);
    let saved;
    try {
      saved = await store.create(companyId, actor.id, { ...v, streamingUser: v.dataType === 'Streaming' ? actor.id : null });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new AppError('CONFLICT');
      throw e;
    }
    const [recorded] = withStandardFlags(await recordOnLedger(ledger, store, companyId, [saved]));
    await recordPending(ledger, store, companyId);
    res.status(201).json({ farmData: recorded, farmDatas: [recorded] } satisfies FarmDataCreatedAnswer);
  });

  r.post('/farmdata/harvesting/upload', requirePermission('editDocument'), singleFile('file', CSV_MAX_BYTES), async (req, res) => {
    const { actor, companyId } = scopeOf(req);
    if (!req.file) throw new AppError('SELECT_FILE');
    if (checkFileName(req.file.originalname).ext !== 'csv') throw new AppError('FILE_TYPE_REJECTED');
    // A CSV is at most a few MB: it is read from the upload's temp file and parsed as a stream.
    const rows = await parseFarmCsv(await readFile(req.file.path), langOf(req), await companyToday(deps.stores, companyId, req));
    const saved = await store.createMany(
      companyId,
      actor.id,
      rows.map((row) => ({ ...row, dataType: 'Csv' as const })),
    );
    const recorded = withStandardFlags(await recordOnLedger(ledger, store, companyId, saved));
    await recordPending(ledger, store, companyId);
    res.status(201).json({ farmDatas: recorded, saved: recorded.length } satisfies FarmDataUploadAnswer);
  });

  r.get('/farmdata/harvesting/list', requirePermission('viewDocument'), async (req, res) => {
    const { companyId } = scopeOf(req);
    const q = parseInput(listQuery, req.query);
    res.json({ farmDatas: withStandardFlags(await store.list(companyId, q)) } satisfies FarmDataListAnswer);
  });

  r.get('/farmdata/harvesting/search', requirePermission('viewDocument'), async (req, res) => {
    const { companyId } = scopeOf(req);
    const q = parseInput(listQuery, req.query);
    res.json({
      farmDatas: withStandardFlags(await store.searchFarmRecords(companyId, { q: q.q, grainType: q.grainType, limit: q.limit ?? 20 })),
    } satisfies FarmDataListAnswer);
  });

  r.get('/farmdata/harvesting/autogenerate', requirePermission('editDocument'), async (_req, res) => {
    const g = generateHarvest(Math.random, new Date());
    res.json({
      farmData: withStandardFlag({ ...g, stage: 'Harvest', dataType: 'Streaming' as const, number: String(Date.now()), status: 'Saving' as const }),
    } satisfies GeneratedFarmDataAnswer);
  });

  r.get('/farmdata/harvesting/detail/:id', requirePermission('viewDocument'), async (req, res) => {
    const { companyId } = scopeOf(req);
    const farmData = await store.getFarmRecord(companyId, uuidParam(req.params.id));
    if (!farmData) throw new AppError('NOT_FOUND');
    const block = await ledger.findByKey(`farm_data:${farmData._id}`);
    res.json({
      farmData: withStandardFlag(farmData),
      block: block && { blockNumber: block.blockNumber, lastBlock: block.blockHash, data_hash: block.dataHash, channelHeader: block.channelHeader },
    } satisfies FarmDataDetailAnswer);
  });

  return r;
}
