// The end-of-run check of the chaos run: every certificate final, and the read model, the ledger and
// the workflow histories agreeing signature for signature (none lost, none duplicated).
import { Buffer } from 'node:buffer';
import { CHAIN } from './drive.mjs';

const key = (cert, level, user) => `${cert}|${level}|${user}`;

/** The signatures the driver meant to make: 6 per certificate, each level's two named signers. */
function expected(ids) {
  return new Set(ids.flatMap((id) => CHAIN.map(([who, level]) => key(id, level, `${id}-${who}`))));
}

async function historySignatures(client, workflowId) {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const accepted = [];
  for (const e of history.events ?? []) {
    const a = e.workflowExecutionUpdateAcceptedEventAttributes;
    if (a?.acceptedRequest?.input?.name !== 'sign') continue;
    const payload = a.acceptedRequest.input.args?.payloads?.[0];
    const arg = JSON.parse(Buffer.from(payload.data).toString('utf8'));
    accepted.push({ updateId: a.acceptedRequest.meta?.updateId, userId: arg.actor.id });
  }
  return accepted;
}

/**
 * @returns {{ ok: boolean, problems: string[], counts: Record<string, number> }}
 */
export async function verifyRun({ knex, client, ids }) {
  const problems = [];
  const want = expected(ids);
  const levelOf = new Map(CHAIN.map(([who, level]) => [who, level]));

  // Read model: status done, each level exactly its two signers.
  const rows = await knex('certificates').whereIn('id', ids).select('id', 'status', 'state');
  const readModel = [];
  /** Each certificate's workflow, as its state names it. */
  const workflowIds = new Map();
  for (const r of rows) {
    const s = typeof r.state === 'string' ? JSON.parse(r.state) : r.state;
    workflowIds.set(r.id, s.workflowId);
    if (r.status !== 'done') problems.push(`${r.id}: read model status ${r.status}`);
    for (const l of s.levels) for (const e of l.signed) readModel.push(key(r.id, l.level, e.userId));
  }
  if (rows.length !== ids.length) problems.push(`read model holds ${rows.length} of ${ids.length} certificates`);

  // Ledger: one signature block per signature, one completion block per certificate.
  const blocks = await knex('ledger_blocks').whereIn('record_type', ['signature', 'completion']).select('record_type', 'payload');
  const ledger = [];
  const completions = new Map();
  for (const b of blocks) {
    const p = typeof b.payload === 'string' ? JSON.parse(b.payload) : b.payload;
    if (!ids.includes(p.certificateId)) continue;
    if (b.record_type === 'signature') ledger.push(key(p.certificateId, p.level, p.signer));
    else completions.set(p.certificateId, (completions.get(p.certificateId) ?? 0) + 1);
  }

  // Workflow histories: closed as completed, and one accepted sign Update per signature.
  const history = [];
  let notCompleted = 0;
  for (const id of ids) {
    const workflowId = workflowIds.get(id);
    if (!workflowId) {
      problems.push(`${id}: no workflow id in the read model`);
      continue;
    }
    const d = await client.workflow.getHandle(workflowId).describe();
    if (d.status.name !== 'COMPLETED') {
      notCompleted++;
      problems.push(`${id}: workflow ${d.status.name}`);
    }
    for (const s of await historySignatures(client, workflowId)) history.push(key(id, levelOf.get(s.userId.slice(id.length + 1)), s.userId));
  }

  for (const [name, list] of [
    ['read model', readModel],
    ['ledger', ledger],
    ['history', history],
  ]) {
    const seen = new Set();
    for (const k of list) {
      if (seen.has(k)) problems.push(`${name}: duplicated signature ${k}`);
      seen.add(k);
      if (!want.has(k)) problems.push(`${name}: unexpected signature ${k}`);
    }
    for (const k of want) if (!seen.has(k)) problems.push(`${name}: lost signature ${k}`);
  }
  for (const id of ids) if (completions.get(id) !== 1) problems.push(`${id}: ${completions.get(id) ?? 0} completion blocks`);

  return {
    ok: problems.length === 0,
    problems,
    counts: {
      certificates: ids.length,
      expectedSignatures: want.size,
      readModel: readModel.length,
      ledger: ledger.length,
      history: history.length,
      completionBlocks: [...completions.values()].reduce((a, b) => a + b, 0),
      notCompleted,
    },
  };
}
