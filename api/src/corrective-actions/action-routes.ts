/**
 * The corrective-action calls under /api/corrective-actions. Each handler parses, runs one use case of
 * ./commands (access check inside; another company's action answers NOT_FOUND) and answers a view of
 * the domain (CorrectiveActionAnswer, ...).
 */
import type { Request, Router } from 'express';
import { z } from 'zod';
import {
  ACTION_SEVERITIES,
  ACTION_STATUSES,
  actionRowView,
  actionView,
  createActionsInput,
  reassignInput,
  redateInput,
  reopenInput,
  submitFixInput,
  type ActionOwnersAnswer,
  type CorrectiveActionAnswer,
  type CorrectiveActionListAnswer,
  type CorrectiveActionState,
  type CreateCorrectiveActionsAnswer,
  type EvidenceUploadAnswer,
  type OpenCriticalActionsAnswer,
  type WaitingActionsAnswer,
} from '@grain/domain';
import { requireUser } from '../http/auth-middleware';
import { featureRouter, uuidParam } from '../http/params';
import { scopeOf } from '../http/scope';
import { parseInput } from '../http/parse-input';
import { singleFile } from '../http/uploads';
import { contentDisposition } from '../http/file-checks';
import type { ActionCaller, ActionCommandDeps } from './commands/command-deps';
import { createActions } from './commands/create-actions';
import { startAction } from './commands/start';
import { submitFix } from './commands/submit-fix';
import { verifyAction } from './commands/verify';
import { reopenAction } from './commands/reopen';
import { reassignAction } from './commands/reassign';
import { redateAction } from './commands/redate';
import { uploadEvidence } from './commands/upload-evidence';
import { removeEvidence } from './commands/remove-evidence';
import { readEvidence } from './commands/read-evidence';
import { listActions } from './commands/list-actions';
import { showAction } from './commands/show-action';
import { summarizeActions } from './commands/summarize-actions';
import { listWaiting } from './commands/list-waiting';
import { listOpenCritical } from './commands/list-open-critical';
import { showAuditActions } from './commands/show-audit-actions';
import { listOwners } from './commands/list-owners';
import { MAX_EVIDENCE_BYTES } from './support/evidence-file';

function callerOf(req: Request): ActionCaller {
  const { actor, companyId } = scopeOf(req);
  return { access: actor, companyId, person: { id: actor.id, name: req.user?.fullName || req.user?.email || actor.id } };
}

const listQuery = z
  .object({
    status: z.enum([...ACTION_STATUSES, 'open_any', 'closed', 'overdue']).optional(),
    severity: z.enum(ACTION_SEVERITIES).optional(),
    complianceId: z.string().uuid().optional(),
    ownerId: z.string().uuid().optional(),
    lang: z.string().optional(),
  })
  .strict();

export function actionRoutes(deps: ActionCommandDeps): Router {
  const r = featureRouter();
  r.use('/corrective-actions', requireUser);
  const now = () => deps.now().toISOString();
  const one = (req: Request, s: CorrectiveActionState): CorrectiveActionAnswer => ({ action: actionView(s, callerOf(req).access, now()) });
  const rows = (list: CorrectiveActionState[]) => list.map((s) => actionRowView(s, now()));

  r.get('/corrective-actions', async (req, res) => {
    const { lang: _lang, ...filter } = parseInput(listQuery, req.query);
    res.json({ actions: rows(await listActions({ caller: callerOf(req), filter }, deps)) } satisfies CorrectiveActionListAnswer);
  });
  r.get('/corrective-actions/summary', async (req, res) => {
    res.json(await summarizeActions({ caller: callerOf(req) }, deps));
  });
  r.get('/corrective-actions/waiting', async (req, res) => {
    const w = await listWaiting({ caller: callerOf(req) }, deps);
    res.json({ toFix: rows(w.toFix), toVerify: rows(w.toVerify) } satisfies WaitingActionsAnswer);
  });
  r.get('/corrective-actions/open-critical', async (req, res) => {
    res.json({ actions: rows(await listOpenCritical({ caller: callerOf(req) }, deps)) } satisfies OpenCriticalActionsAnswer);
  });
  r.get('/corrective-actions/owners', async (req, res) => {
    res.json({ owners: await listOwners({ caller: callerOf(req) }, deps) } satisfies ActionOwnersAnswer);
  });
  r.get('/corrective-actions/audit/:complianceId', async (req, res) => {
    res.json(await showAuditActions({ caller: callerOf(req), complianceId: uuidParam(req.params.complianceId) }, deps));
  });
  r.post('/corrective-actions', async (req, res) => {
    const input = parseInput(createActionsInput, req.body);
    const made = await createActions({ caller: callerOf(req), input }, deps);
    res.status(201).json({ created: rows(made) } satisfies CreateCorrectiveActionsAnswer);
  });
  r.get('/corrective-actions/:id', async (req, res) => {
    res.json(one(req, await showAction({ caller: callerOf(req), actionId: uuidParam(req.params.id) }, deps)));
  });
  r.post('/corrective-actions/:id/start', async (req, res) => {
    res.json(one(req, await startAction({ caller: callerOf(req), actionId: uuidParam(req.params.id) }, deps)));
  });
  r.post('/corrective-actions/:id/evidence', singleFile('file', MAX_EVIDENCE_BYTES), async (req, res) => {
    const file = req.file && { path: req.file.path, originalName: Buffer.from(req.file.originalname, 'latin1').toString('utf8'), size: req.file.size };
    const evidence = await uploadEvidence({ caller: callerOf(req), actionId: uuidParam(req.params.id), file }, deps);
    res.status(201).json({ evidence } satisfies EvidenceUploadAnswer);
  });
  r.delete('/corrective-actions/:id/evidence/:evidenceId', async (req, res) => {
    res.json(await removeEvidence({ caller: callerOf(req), actionId: uuidParam(req.params.id), evidenceId: uuidParam(req.params.evidenceId) }, deps));
  });
  r.get('/corrective-actions/:id/evidence/:evidenceId', async (req, res) => {
    const { row, data } = await readEvidence({ caller: callerOf(req), actionId: uuidParam(req.params.id), evidenceId: uuidParam(req.params.evidenceId) }, deps);
    res.setHeader('Content-Type', row.mime);
    res.setHeader('Content-Disposition', contentDisposition('attachment', row.fileName));
    res.setHeader('X-Content-SHA256', row.sha256);
    res.send(data);
  });
  r.post('/corrective-actions/:id/fix', async (req, res) => {
    const input = parseInput(submitFixInput, req.body);
    res.json(one(req, await submitFix({ caller: callerOf(req), actionId: uuidParam(req.params.id), ...input }, deps)));
  });
  r.post('/corrective-actions/:id/verify', async (req, res) => {
    res.json(one(req, await verifyAction({ caller: callerOf(req), actionId: uuidParam(req.params.id) }, deps)));
  });
  r.post('/corrective-actions/:id/reopen', async (req, res) => {
    const { reason } = parseInput(reopenInput, req.body);
    res.json(one(req, await reopenAction({ caller: callerOf(req), actionId: uuidParam(req.params.id), reason }, deps)));
  });
  r.post('/corrective-actions/:id/reassign', async (req, res) => {
    const { ownerId } = parseInput(reassignInput, req.body);
    res.json(one(req, await reassignAction({ caller: callerOf(req), actionId: uuidParam(req.params.id), ownerId }, deps)));
  });
  r.post('/corrective-actions/:id/redate', async (req, res) => {
    const { dueAt } = parseInput(redateInput, req.body);
    res.json(one(req, await redateAction({ caller: callerOf(req), actionId: uuidParam(req.params.id), dueAt }, deps)));
  });
  return r;
}
