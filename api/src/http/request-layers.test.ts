/**
 * What an authenticated GET costs in Express's router, counted rather than timed: every handler a
 * request passes (a middleware, a router, a route and each function of its stack) is one call of the
 * router's Layer#handleRequest, each with its own `next` step, matching and promise check. The list
 * passed 14 of them, a template list 18 (bench/RESULTS.md, the list's profile: router and middleware 6 %
 * of the API's busy time); the edge is one handler now (http/edge.ts) and the routers a feature mounts
 * that hold only routes are read into its own (flattenRoutes).
 * Beside the counts, what the layers were there for still holds on the same answers.
 */
import { createHook } from 'node:async_hooks';
import path from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { createTestApp, type TestApp } from '../testing/test-app';
import { loginAs, seedCompanyWithUsers, TEST_PASSWORD, type Agent, type SeededCompany } from '../testing/session';
import { CONTENT_SECURITY_POLICY } from './security-headers';

let t: TestApp;
let co: SeededCompany;
let manager: Agent;

beforeAll(async () => {
  t = await createTestApp({ TEMPORAL_TASK_QUEUE: `layers-${Date.now()}` }, { sessionCache: true }); // sessions from memory, as the server keeps them
  co = await seedCompanyWithUsers(t.db.knex, 'Layer Grain');
  manager = await loginAs(t.app, co.users.manager.email, TEST_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

type LayerProto = { handleRequest: (...a: unknown[]) => unknown };

/** Counts the handlers the router runs while `run` is awaited (one request at a time). */
async function layersOf(app: Express, run: () => Promise<{ status: number }>): Promise<{ status: number; layers: number }> {
  const proto = Object.getPrototypeOf((app as unknown as { router: { stack: object[] } }).router.stack[0]) as LayerProto;
  const original = proto.handleRequest;
  let layers = 0;
  proto.handleRequest = function (this: unknown, ...a: unknown[]) {
    layers++;
    return original.apply(this, a);
  };
  try {
    const res = await run();
    return { status: res.status, layers };
  } finally {
    proto.handleRequest = original;
  }
}

describe('the handlers an authenticated GET passes', () => {
  it('the certificate list: the edge, the /api dispatch (no /api router around it), the route and its two functions', async () => {
    const got = await layersOf(t.app, () => manager.get('/api/company/approvals'));
    expect(got).toEqual({ status: 200, layers: 5 });
  });

  it('a certificate template list and the signed-in user: as many (their feature routers read as one)', async () => {
    expect(await layersOf(t.app, () => manager.get('/api/company/approvaltemplates'))).toEqual({ status: 200, layers: 5 });
    expect(await layersOf(t.app, () => manager.get('/api/auth/current_user'))).toEqual({ status: 200, layers: 5 });
  });

  it("a request without a session: refused at the route's first function", async () => {
    expect(await layersOf(t.app, () => request(t.app).get('/api/company/approvals'))).toEqual({ status: 401, layers: 4 });
  });
});

/** Counts the promises made while `run` is awaited (one request at a time: the server's and the client's). */
async function promisesOf(run: () => Promise<{ status: number }>): Promise<{ status: number; promises: number }> {
  let promises = 0;
  const hook = createHook({ init: (_id, type) => void (type === 'PROMISE' && promises++) }).enable();
  try {
    const res = await run();
    return { status: res.status, promises };
  } finally {
    hook.disable();
  }
}

describe('the promises an authenticated GET of the list makes', () => {
  // Each a promise and a microtask hop per request, the client's (supertest) included. Counted on 49f95ca
  // with the session in memory: 40 on Postgres, 56 on PGlite, most of them the pool's (tarn: ~20 an
  // acquire); the list's own statement path had four async layers. Since the session cache waits until it
  // has heard every write committed before the request (one read of a counter, shared by the requests
  // waiting under load), a request alone makes 8 more: 43 on Postgres, 57 on PGlite.
  const most = { postgres: 43, pglite: 57 };
  it('its own statement path without an async layer per call (the route, the use case, the store, the statement)', async () => {
    await manager.get('/api/company/approvals'); // the statement prepared
    const got = await promisesOf(() => manager.get('/api/company/approvals'));
    expect(got.status).toBe(200);
    expect(got.promises).toBeLessThanOrEqual(most[t.db.kind]);
  });
});

/** The content-type module Express's res.send parses and formats an answer's type with (its charset). */
const contentType = require(require.resolve('content-type', { paths: [path.dirname(require.resolve('express'))] })) as { parse: (t: string) => unknown };

describe('a JSON answer', () => {
  it('is sent without its type parsed again (the list, a res.json answer, an error)', async () => {
    const parse = jest.spyOn(contentType, 'parse');
    try {
      for (const [url, status] of [
        ['/api/company/approvals', 200],
        ['/api/auth/current_user', 200],
        ['/api/company/approval/00000000-0000-4000-8000-000000000000', 404],
      ] as const) {
        const res = await manager.get(url);
        expect([url, res.status, res.headers['content-type']]).toEqual([url, status, 'application/json; charset=utf-8']);
      }
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });
});

describe('what the layers were there for, on the same answers', () => {
  it('the list answers with the security headers, a request id, its ETag, and 304 to that ETag', async () => {
    const res = await manager.get('/api/company/approvals');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    const again = await manager.get('/api/company/approvals').set('If-None-Match', res.headers.etag as string);
    expect(again.status).toBe(304);
  });

  it("a path its feature does not answer, one no feature claims, and /api/health: the app's answers, as before", async () => {
    for (const url of ['/api/company/approvals/nothing-here/at-all', '/api/no-such-feature', '/api/company/no-such-path']) {
      const res = await manager.get(url);
      expect([url, res.status, res.body]).toEqual([url, 404, { invalidMsg: 'Not found', code: 'NOT_FOUND' }]);
    }
    expect((await request(t.app).get('/api/health')).status).toBe(200);
  });

  it('a NUL in the query or in a JSON body, and an unreadable body, are still refused before any route', async () => {
    const nulQuery = await manager.get('/api/company/approvals?q=a%00b');
    expect([nulQuery.status, nulQuery.body.code]).toEqual([400, 'INVALID_INPUT']);
    const nulBody = await manager.post('/api/company/approval/create').send({ approval_name: 'a\u0000b' });
    expect([nulBody.status, nulBody.body.code]).toEqual([400, 'INVALID_INPUT']);
    const badJson = await manager.post('/api/company/approval/create').set('Content-Type', 'application/json').send('{bad');
    expect(badJson.status).toBe(400);
  });

  it('a cross-site POST is still refused, a cross-site GET still answered', async () => {
    const post = await request(t.app).post('/api/auth/login').set('Origin', 'https://evil.example').send({});
    expect([post.status, post.body.code]).toEqual([403, 'CROSS_SITE']);
    const get = await request(t.app).get('/api/health').set('Origin', 'https://evil.example');
    expect(get.status).toBe(200);
  });
});
