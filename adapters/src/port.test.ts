import { probeInBackground } from './port';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a health probe refreshed in the background', () => {
  it('answers from the last probe while the next one runs, and waits once that answer is too old', async () => {
    let calls = 0;
    let gate: (() => void) | undefined;
    const probe = probeInBackground(20, 200, async () => {
      calls++;
      if (calls > 1) await new Promise<void>((r) => (gate = r)); // the second probe hangs until let go
      return calls;
    });
    expect(await probe()).toBe(1); // the first caller waits: there is nothing to serve yet
    await sleep(30);
    expect(await probe()).toBe(1); // stale: served at once, a refresh started
    expect(await probe()).toBe(1); // the same refresh, not a second one
    expect(calls).toBe(2);
    await sleep(200);
    let settled = false;
    const waiting = probe().then((v) => ((settled = true), v)); // too old now: waits for the hung probe
    await sleep(20);
    expect(settled).toBe(false);
    gate!();
    expect(await waiting).toBe(2);
    expect(calls).toBe(2);
  });

  it('passes a failing probe on to the callers that wait for it', async () => {
    const probe = probeInBackground(10, 50, () => Promise.reject(new Error('down')));
    await expect(probe()).rejects.toThrow('down');
  });
});
