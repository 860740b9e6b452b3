import type { Router } from 'express';
import request from 'supertest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { FEATURES } from '../features';
import { apiPathKey } from './feature';

/**
 * app.ts hands a request under /api only to the feature whose apiPaths hold its path: a route outside
 * its feature's apiPaths would never be reached. Every route of every feature's api router is read
 * from the router (nested routers included) and checked against its feature's list.
 */
type Layer = { route?: { path: string | string[] }; handle?: { stack?: Layer[] } };
function routePaths(r: { stack?: Layer[] }): string[] {
  return (r.stack ?? []).flatMap((l) => (l.route ? [l.route.path].flat() : l.handle?.stack ? routePaths(l.handle) : []));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('features mounted by path', () => {
  it.each(FEATURES.map((f, i) => [i, f] as const))('feature %i: every route of its api router lies under its apiPaths', (_i, feature) => {
    const api = feature.mount(t.deps).api as unknown as Router & { stack: Layer[] };
    const paths = routePaths(api);
    expect(paths.length).toBeGreaterThan(0);
    const outside = paths.filter((p) => !feature.apiPaths.includes(apiPathKey(p)));
    expect(outside).toEqual([]);
  });

  it('keys a path by its first segment, or its first two under company/, in lower case', () => {
    expect(apiPathKey('/company/approvals')).toBe('company/approvals');
    expect(apiPathKey('/company/approvalLevel/x/sign')).toBe('company/approvallevel');
    expect(apiPathKey('/auth/login')).toBe('auth');
    expect(apiPathKey('/Public/verify')).toBe('public');
    expect(apiPathKey('/company')).toBe('company/');
    expect(apiPathKey('/')).toBe('');
  });

  it('answers a path no feature claims 404 NOT_FOUND, and still reaches routes of every feature', async () => {
    expect((await request(t.app).get('/api/company/nothing-here')).body).toMatchObject({ code: 'NOT_FOUND' });
    // Unauthenticated calls of two features sharing company/: each reaches its own route (401, not 404).
    expect((await request(t.app).get('/api/company/approvals')).status).toBe(401);
    expect((await request(t.app).get('/api/company/users')).status).toBe(401);
    expect((await request(t.app).get('/api/farmdata/harvesting/list')).status).toBe(401);
  });
});
