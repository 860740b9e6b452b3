/**
 * The HTTP edge under a careless or hostile client: every route the app serves (read from Express's
 * router, so a new route is covered without editing this file), with every method it answers, is
 * called with bad ids in each path parameter, a NUL byte in the query, broken percent-encoding, JSON
 * in a charset other than UTF-8, a Content-Encoding the body does not have, and random JSON — signed
 * in as the company admin and anonymously. Every answer is below 500, carries the security headers
 * and a request id, and nothing the server logs for these requests holds SQL or a stack trace.
 */
import fc from 'fast-check';
import { appRoutes, type RouteInfo } from './support/routes';
import { startWorld, type World } from './support/world';
import type { Agent } from '../api/src/testing/session';

jest.setTimeout(600_000);

const SEED = Number(process.env.FUZZ_SEED ?? 14);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);

/** Ids a client might put where a uuid belongs; already percent-encoded for the path. */
const BAD_IDS = [
  'not-a-uuid',
  '1',
  '-1',
  '0',
  encodeURIComponent("' OR 1=1 --"),
  '%00',
  'abc%00def',
  '%E0%A4%A',
  '%',
  '%zz',
  'x'.repeat(300),
  '00000000-0000-0000-0000-00000000000g',
  encodeURIComponent('../../etc/passwd'),
  encodeURIComponent('<script>'),
];
const ODD_HEADERS: Array<Record<string, string>> = [
  { 'Content-Type': 'application/json; charset=latin1' },
  { 'Content-Type': 'application/json; charset=utf-16' },
  { 'Content-Type': 'application/json; charset=koi8-r' },
  { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
  { 'Content-Type': 'application/json', 'Content-Encoding': 'br' },
  { 'Content-Type': 'application/json', 'Content-Encoding': 'deflate' },
  { 'Content-Type': 'application/json', 'Content-Encoding': 'x-unknown' },
  { 'Content-Type': 'text/plain' },
  { 'Content-Type': 'application/x-www-form-urlencoded' },
  { 'Content-Type': 'multipart/form-data; boundary=zz' },
];
const NUL_QUERY = '?q=%00&search=a%00b&number=%00&hash=%00&status=%00&cursor=%00&limit=%00&docType=%00&country=%00&to=%00&after=%00';

let w: World;
let routes: RouteInfo[];
const logged: string[] = [];
const spies: jest.SpyInstance[] = [];

beforeAll(async () => {
  w = await startWorld({ worker: false });
  // Signing out would end the admin's session for the rest of the run.
  routes = appRoutes(w.t.app).filter((r) => !/\/logout$/.test(r.path));
  for (const m of ['error', 'warn', 'log'] as const) {
    spies.push(
      jest
        .spyOn(console, m)
        .mockImplementation((...args: unknown[]) => void logged.push(args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '))),
    );
  }
});
afterAll(async () => {
  for (const s of spies) s.mockRestore();
  await w?.close();
});

const problems: string[] = [];
let requests = 0;

function fill(path: string, id: string): string {
  return path.replace(/:[A-Za-z]+/g, id);
}

async function call(agent: Agent, method: string, path: string, what: string, headers: Record<string, string> = {}, body?: string): Promise<void> {
  let req = (agent as unknown as Record<string, (p: string) => import('supertest').Test>)[method.toLowerCase()](path);
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  const res = await (body === undefined ? req : req.send(body)).ok(() => true);
  requests++;
  const where = `${method} ${path.slice(0, 120)} ${what}`;
  if (res.status >= 500) problems.push(`${where}: ${res.status} ${res.body?.code ?? ''}`);
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push(`${where}: no nosniff`);
  if (!res.headers['x-request-id']) problems.push(`${where}: no X-Request-Id`);
  if (res.status >= 400 && res.body?.invalidMsg !== undefined && /:\s*$/.test(res.body.invalidMsg))
    problems.push(`${where}: message ends at a colon: ${res.body.invalidMsg}`);
}

const who = () =>
  [
    ['admin', w.agents.admin],
    ['anonymous', w.agents.anonymous],
  ] as const;

it('answers bad ids in every path parameter with a 4xx', async () => {
  const withParams = routes.filter((r) => r.path.includes(':'));
  expect(withParams.length).toBeGreaterThan(20);
  for (const r of withParams) {
    for (const [name, agent] of who()) {
      for (const id of BAD_IDS)
        await call(
          agent,
          r.method,
          fill(r.path, id),
          `${name} id=${id.slice(0, 20)}`,
          { 'Content-Type': 'application/json' },
          r.method === 'GET' ? undefined : '{}',
        );
      await fc.assert(
        fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }), async (s) => {
          await call(agent, r.method, fill(r.path, encodeURIComponent(s)), `${name} id=${JSON.stringify(s)}`);
          return true;
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
  }
  expect(problems).toEqual([]);
});

/** Path parameters that are not ids, and a value each route serves. */
const NOT_IDS: Record<string, string> = { segment: 'haccp-plan' };

it('answers an id that is not a uuid with 404 NOT_FOUND on every route, as it answers an id nobody has', async () => {
  const withIds = routes.filter((r) => /:(?!segment\b)[A-Za-z]+/.test(r.path));
  expect(withIds.length).toBeGreaterThan(30);
  const wrong: string[] = [];
  for (const r of withIds) {
    for (const id of ['not-a-uuid', '1', encodeURIComponent("' OR 1=1 --")]) {
      const path = r.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => NOT_IDS[name] ?? id);
      const agent = w.agents.admin as unknown as Record<string, (p: string) => import('supertest').Test>;
      const res = await agent[r.method.toLowerCase()](path)
        .set('Content-Type', 'application/json')
        .send(r.method === 'GET' ? undefined : '{}')
        .ok(() => true);
      requests++;
      if (res.status !== 404 || res.body?.code !== 'NOT_FOUND') wrong.push(`${r.method} ${r.path} id=${id}: ${res.status} ${res.body?.code ?? ''}`);
    }
  }
  expect(wrong).toEqual([]);
});

it('answers NUL bytes in the query and broken percent-encoding in the path with a 4xx', async () => {
  for (const r of routes) {
    for (const [name, agent] of who()) {
      await call(agent, r.method, fill(r.path, '00000000-0000-4000-8000-000000000000') + NUL_QUERY, `${name} NUL query`);
      await call(agent, r.method, `${r.path.replace(/\/[^/]*$/, '')}/%E0%A4%A`, `${name} bad percent-encoding`);
    }
  }
  await call(w.agents.anonymous, 'GET', '/api/%', 'lone percent');
  expect(problems).toEqual([]);
});

it('answers odd content types, charsets, encodings and random JSON bodies with a 4xx', async () => {
  const bodied = routes.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
  for (const r of bodied) {
    const path = fill(r.path, '00000000-0000-4000-8000-000000000000');
    for (const [name, agent] of who()) {
      for (const h of ODD_HEADERS) await call(agent, r.method, path, `${name} ${JSON.stringify(h)}`, h, '{"name":"x","email":"a@b.c"}');
      await call(
        agent,
        r.method,
        path,
        `${name} NUL in body`,
        { 'Content-Type': 'application/json' },
        JSON.stringify({ name: 'a\u0000b', email: '\u0000', q: '\u0000' }),
      );
    }
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (body) => {
        await call(
          w.agents.admin,
          r.method,
          path,
          `admin body ${JSON.stringify(body).slice(0, 60)}`,
          { 'Content-Type': 'application/json' },
          JSON.stringify(body),
        );
        return true;
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }
  // A GET with a body the server will not read still gets a 4xx for a body it cannot decode.
  await call(w.agents.admin, 'GET', '/api/health', 'GET with gzip header', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, '{}');
  expect(problems).toEqual([]);
});

it('logs no SQL and no stack trace for any of these client mistakes', () => {
  expect(requests).toBeGreaterThan(500);
  // Refusals the database had to make are 4xx too, but belong in a route's own checks: list them.
  const byDatabase = [...new Set(logged.filter((l) => /database refused/.test(l)).map((l) => l.replace(/^\[api\] \S+ /, '').replace(/[0-9a-f-]{36}/g, ':id')))];
  process.stdout.write(
    `edge fuzz: ${routes.length} routes, ${requests} requests; refused only by the database: ${byDatabase.length ? `\n  ${byDatabase.join('\n  ')}` : 'none'}\n`,
  );
  const bad = logged.filter((l) => /\n\s+at |\bselect\b.*\bfrom\b|\binsert into\b|\bupdate\b.*\bset\b/i.test(l));
  expect(bad.slice(0, 5)).toEqual([]);
});
