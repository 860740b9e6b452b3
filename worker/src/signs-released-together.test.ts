/**
 * Signs that wait for a sign whose code is still being redeemed (issue 26, item 3). Levels: L1 needs 1
 * of {c1, a1, b1}, L2 1 of {a1, b1}. c1, a1 and b1 sign together while c1's commit is held, and c1's
 * code is then refused: a1's and b1's signs, both waiting for that commit, are released in the same
 * activation. Only one may be applied at a time: the second waits for the first's redeem, so no state
 * with an unredeemed signature is ever written to the read model.
 */
import { WorkflowUpdateFailedError } from '@temporalio/client';
import type { Ledger } from '@grain/adapters';
import { AppError } from '@grain/domain';
import { appErrorCodeOf, signUpdate, stateQuery } from '@grain/workflows';
import { actorOf, chainDraft, eventually, HARNESS_COMPANY_ID, requestCode, signer, startHarness, submit, type Harness } from './certificate-test-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(`cert-signs-together-${process.pid}-${Date.now()}`);
}, 60_000);
afterAll(() => h?.close());

/** The ledger whose first signature append waits for `release`, then fails as a refused code would. */
function heldThenRefused(real: Ledger) {
  let entered!: () => void;
  let release!: () => void;
  const isEntered = new Promise<void>((r) => (entered = r));
  const released = new Promise<void>((r) => (release = r));
  let held = false;
  const wrap = (l: Ledger): Ledger =>
    new Proxy(l, {
      get(target, prop, receiver) {
        if (prop === 'appendMany')
          return async (entries: Array<{ key: string }>) => {
            if (!held && entries.some((e) => e.key.endsWith(':signature'))) {
              held = true;
              entered();
              await released;
              // inside the commit's transaction: the redeem before it is rolled back with it
              throw new AppError('OTP_INVALID');
            }
            return target.appendMany(entries as never);
          };
        if (prop === 'withinTransaction' && target.withinTransaction) return (store: never) => wrap(target.withinTransaction!(store));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
  return { ledger: wrap(real), isEntered, release };
}

test('two signs released together by a refused sign apply one after the other: no unredeemed signature reaches the read model', async () => {
  const due = (n: number) => new Date(Date.now() + (7 + n) * 86_400_000).toISOString();
  const d = chainDraft({
    levels: [
      { group: 'Farm Data Signing', signers: ['c1', 'a1', 'b1'].map(signer), signatures: 1, deadline: due(0) },
      { group: 'Inspection Signing', signers: ['a1', 'b1'].map(signer), signatures: 1, deadline: due(1) },
    ],
  });
  const handle = await submit(h, d);
  const otp: Record<string, string> = {};
  for (const id of ['c1', 'a1', 'b1']) {
    const { code, level } = await requestCode(h, handle, id);
    otp[id] = (await h.otps.verify({ certificateId: d.id, level, userId: id }, code)).otpId;
  }
  const real = h.adapters.ledger;
  const gate = heldThenRefused(real);
  (h.adapters as { ledger: Ledger }).ledger = gate.ledger;
  try {
    const sign = (id: string) =>
      handle.executeUpdate(signUpdate, { args: [{ actor: actorOf(id), otpId: otp[id] }] }).then(
        (s) => ({ id, ok: true as const, s }),
        (e: unknown) => ({ id, ok: false as const, code: appErrorCodeOf(e) ?? String(e), update: e instanceof WorkflowUpdateFailedError }),
      );
    const c = sign('c1');
    await gate.isEntered; // c1's sign is applied and its commit is held
    const others = [sign('a1'), sign('b1')];
    // both accepted (validated against c1's applied sign) and waiting for its commit
    const signsAccepted = async () =>
      ((await handle.fetchHistory()).events ?? []).filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name === 'sign')
        .length;
    expect(await eventually(signsAccepted, (n) => n >= 3, 40_000)).toBe(3);
    gate.release();

    expect(await c).toMatchObject({ ok: false, code: 'OTP_INVALID', update: true });
    const [a, b] = await Promise.all(others);
    // the first released signs level 1; the second's code was for level 1, which is then complete
    const signed = [a, b].filter((x) => x.ok);
    expect(signed).toHaveLength(1);
    expect([a, b].find((x) => !x.ok)).toMatchObject({ ok: false, code: 'OTP_INVALID' });

    const state = await handle.query(stateQuery);
    expect(state).toMatchObject({ status: 'signing', stage: 2 });
    expect(state.levels.map((l) => l.signed.map((e) => e.userId))).toEqual([[signed[0].id], []]);
    expect((await handle.describe()).status.name).toBe('RUNNING');
    // the read model shows what the workflow holds, and never showed more
    const row = await eventually(
      () => h.store.get(HARNESS_COMPANY_ID, d.id),
      (r) => r?.version === state.version,
    );
    expect(row!.state.status).toBe('signing');
    expect(row!.state.levels.map((l) => l.signed.map((e) => e.userId))).toEqual([[signed[0].id], []]);
    const published = (await h.db.knex('live_events').whereRaw("data->>'id' = ?", [d.id])).map(
      (r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as { status: string },
    );
    expect(published.map((p) => p.status)).toContain('signing');
    expect(published.map((p) => p.status)).not.toContain('done');
    const signatures = await h.db.knex('ledger_blocks').where('idempotency_key', 'like', `${handle.workflowId}:%`).andWhere({ record_type: 'signature' });
    expect(signatures).toHaveLength(1);
  } finally {
    (h.adapters as { ledger: Ledger }).ledger = real;
  }
  await handle.terminate('test over');
}, 120_000);
