/**
 * What one certificate costs the platform, counted from its history (bench/lib/history-count.cjs, the
 * counter `node bench/history-costs.mjs` runs) beside the empty-handler ceiling's recorded history
 * (bench/ceiling/ceiling-history.json: the same shape, 3 levels of 2-of-3, six signs): issue 29's budget.
 * Real dev server, worker, database, SMTP, ledger and Chromium.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { signUpdate } from '@grain/workflows';
import { actorOf, chainDraft, requestCode, startHarness, submit, type Harness } from './certificate-test-harness';

interface HistoryCount {
  events: number;
  workflowTasks: number;
  activations: number;
  localActivities: number;
  activityTasks: number;
  searchAttributeUpserts: number;
  updates: number;
  payloadBytes: number;
  bytes: Record<string, number>;
}
// the bench's counter (CommonJS, shared with bench/history-costs.mjs)
const { countHistory } = require('../../bench/lib/history-count.cjs') as { countHistory: (history: unknown) => HistoryCount };

let h: Harness;
beforeAll(async () => {
  h = await startHarness(`cert-budget-${process.pid}-${Date.now()}`);
}, 60_000);
afterAll(() => h?.close());

test("the bench's certificate records at most twice the ceiling's payload bytes, and no whole state anywhere", async () => {
  const d = chainDraft();
  const handle = await submit(h, d);
  for (const id of ['a1', 'a2', 'b1', 'b2', 'c1', 'c2']) {
    const { code, level } = await requestCode(h, handle, id);
    const { otpId } = await h.otps.verify({ certificateId: d.id, level, userId: id }, code);
    await handle.executeUpdate(signUpdate, { args: [{ actor: actorOf(id), otpId }] });
  }
  await handle.result();
  const ours = countHistory(await handle.fetchHistory());
  const ceiling = countHistory(JSON.parse(readFileSync(path.resolve(__dirname, '../../bench/ceiling/ceiling-history.json'), 'utf8')));
  const report = JSON.stringify({ ours, ceiling: { events: ceiling.events, activations: ceiling.activations, payloadBytes: ceiling.payloadBytes } });

  expect({ report, ok: ours.payloadBytes <= 2 * ceiling.payloadBytes }).toEqual({ report, ok: true });
  // Updates answer the version they wrote ({"version":12}), the workflow its outcome: bytes, not a state of ~5 KiB,
  // nor the certificate's id the caller knows
  expect(ours.bytes['update answers: sign'] / 6).toBeLessThanOrEqual(20);
  expect(ours.bytes['workflow result']).toBeLessThanOrEqual(40);
  // the PDF step is asked with the certificate's id, its version and the time to record: no workflow id beside them
  expect(ours.bytes['activity input: generateCertificatePdf']).toBeLessThanOrEqual(100);
  // one code needs no step of the workflow; one commit per batch (submission, six signs); one PDF activity
  expect(ours).toMatchObject({ updates: 6, localActivities: 7, activityTasks: 1 });
  // started with its search attributes (as the API starts it), the run upserts once per sign, never in its
  // first workflow task (an upsert is a history event and a command the server checks attribute by attribute)
  expect(ours.searchAttributeUpserts).toBe(6);
  expect(ours.activations).toBeLessThanOrEqual(Math.ceil(1.5 * ceiling.activations));
}, 120_000);
