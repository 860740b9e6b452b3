import { probeInBackground } from './port';

describe('a health probe refreshed in the background', () => {
  it('answers from the last probe while the next one runs, and waits once that answer is too old', async () => {
    let clock = 0;
    let calls = 0;
    let letGo: (() => void) | undefined;
    const probe = probeInBackground(
      20,
      200,
      async () => {
        calls++;
        if (calls > 1) await new Promise<void>((r) => (letGo = r)); // the second probe hangs until let go
        return calls;
      },
      () => clock,
    );
    expect(await probe()).toBe(1); // the first caller waits: there is nothing to serve yet
    clock = 30;
    expect(await probe()).toBe(1); // stale: served at once, a refresh started
    expect(await probe()).toBe(1); // the same refresh, not a second one
    expect(calls).toBe(2);
    clock = 250;
    let settled = false;
    const waiting = probe().then((v) => {
      settled = true;
      return v;
    }); // too old now: waits for the hung probe
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    letGo!();
    expect(await waiting).toBe(2);
    expect(calls).toBe(2);
  });

  it('passes a failing probe on to the callers that wait for it', async () => {
    const probe = probeInBackground(10, 50, () => Promise.reject(new Error('down')));
    await expect(probe()).rejects.toThrow('down');
  });
});
