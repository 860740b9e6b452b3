import { api, ApiError } from './client';

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
