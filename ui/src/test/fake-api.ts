/**
 * A fake of the HTTP boundary for component tests: `fetch` answers from a table of handlers keyed by
 * "METHOD /api/path" (query string stripped; the handler sees it). Every call is recorded so a test
 * can assert what the screen sent.
 */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}
export type Handler = (call: Call) => { status?: number; body?: unknown } | unknown;

export function fakeApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  // GET auth/login answers the session as the server does (loggedIn and the current_user answer), from
  // the test's current_user handler, unless the test gives its own.
  const derived: Record<string, Handler> = {
    'GET /api/auth/login': (call) => {
      const me = handlers['GET /api/auth/current_user'];
      const r = me ? (me(call) as { status?: number; body?: unknown } | undefined) : signedOut;
      const wrapped = r && typeof r === 'object' && ('status' in r || 'body' in r);
      if (!me || (wrapped && (r.status ?? 200) >= 400)) return { invalidMsg: '', loggedIn: false };
      return { invalidMsg: '', loggedIn: true, ...((wrapped ? r.body : r) as object) };
    },
  };
  const impl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: Call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const h = handlers[`${method} ${url.pathname}`] ?? derived[`${method} ${url.pathname}`];
    let status = 200;
    let body: unknown = {};
    if (!h) {
      status = 404;
      body = { invalidMsg: 'Not found', code: 'NOT_FOUND' };
    } else {
      const r = h(call) as { status?: number; body?: unknown } | undefined;
      if (r && typeof r === 'object' && ('status' in r || 'body' in r)) {
        status = r.status ?? 200;
        body = r.body;
      } else body = r;
    }
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: String(status),
      headers: { get: (k: string) => (k.toLowerCase() === 'content-type' ? 'application/json' : null) },
      json: async () => body,
      blob: async () => body,
    } as unknown as Response;
  };
  const fetchMock = jest.fn(impl);
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return { calls, fetchMock, find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

export const signedOut = { status: 401, body: { invalidMsg: 'Please sign in', code: 'UNAUTHENTICATED' } };

export const adminUser = {
  id: 'u-admin',
  email: 'admin@farm.example',
  firstname: 'Ada',
  lastname: 'Admin',
  role: 'admin',
  status: 'active',
  companyId: 'c-1',
  permissions: [],
};
