import { api, ApiError, warmUp } from './client';

/** A fetch that never answers, but stops when its signal aborts, as the browser's does. */
function silentServer() {
  const calls: RequestInit[] = [];
  (globalThis as { fetch: unknown }).fetch = jest.fn((_url: unknown, init: RequestInit = {}) => {
    calls.push(init);
    return new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
    });
  });
  return calls;
}

describe('api client deadlines', () => {
  afterEach(() => localStorage.removeItem('lang'));

  it('gives up on a server that does not answer with REQUEST_TIMEOUT, in the UI language', async () => {
    silentServer();
    localStorage.setItem('lang', 'vn');
    const t0 = Date.now();
    const err = await api('company/approval/x/reject', { body: { toLevel: 1, reason: 'r' }, timeoutMs: 50 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('REQUEST_TIMEOUT');
    expect((err as ApiError).message).toMatch(/Máy chủ không phản hồi/);
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('answers REQUEST_TIMEOUT when the server cannot be reached', async () => {
    (globalThis as { fetch: unknown }).fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api('auth/me')).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });

  it("passes the caller's own cancel on as it is, not as a timeout", async () => {
    silentServer();
    const ctrl = new AbortController();
    const pending = api('company/approvals', { signal: ctrl.signal }).catch((e: unknown) => e);
    ctrl.abort();
    const err = await pending;
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as Error).name).toBe('AbortError');
  });
});

/** A server answering every call with its path and a call number. */
function countingServer() {
  const asked: string[] = [];
  (globalThis as { fetch: unknown }).fetch = jest.fn((url: string, init: RequestInit = {}) => {
    asked.push(`${init.method} ${url}`);
    const body = { url, n: asked.length };
    return Promise.resolve({ ok: true, status: 200, headers: { get: () => 'application/json' }, json: () => Promise.resolve(body) });
  });
  return asked;
}

describe('calls asked early for the first screen (warmUp)', () => {
  afterEach(() => jest.useRealTimers());

  it("asks a screen's GET calls once: the screen's own identical call takes the early answer", async () => {
    const asked = countingServer();
    warmUp(() => void api('company/approvals?limit=50'));
    expect(asked).toEqual(['GET /api/company/approvals?limit=50']);
    await expect(api('company/approvals?limit=50')).resolves.toEqual({ url: '/api/company/approvals?limit=50', n: 1 });
    // taken once: the next call (a reload, a live update) asks the server again
    await expect(api('company/approvals?limit=50')).resolves.toMatchObject({ n: 2 });
    expect(asked).toHaveLength(2);
  });

  it('never lends an early answer to another call, another language, a POST, or after 10 s', async () => {
    const asked = countingServer();
    warmUp(() => {
      void api('company/approval/a');
      void api('company/approval/b/sign', { body: { otp: '123456' } });
    });
    expect(asked).toEqual(['GET /api/company/approval/a', 'POST /api/company/approval/b/sign']);
    await api('company/approval/b/sign', { body: { otp: '123456' } });
    expect(asked).toHaveLength(3); // a POST is never answered from an earlier one
    localStorage.setItem('lang', 'vn');
    await api('company/approval/a');
    localStorage.removeItem('lang');
    expect(asked).toHaveLength(4); // the early answer was in English
    jest.useFakeTimers({ now: Date.now() });
    warmUp(() => void api('company/approval/c'));
    jest.setSystemTime(Date.now() + 10_001);
    await api('company/approval/c');
    expect(asked).toHaveLength(6);
  });
});
