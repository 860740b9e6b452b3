/**
 * The live channel follows the session, over real sockets against the real app and a fresh database:
 * a socket closes when its session ends, gets only what its user may see, and a session holds a few
 * sockets at most.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedCompanyWithUsers, TEST_ORIGIN, TEST_PASSWORD, type SeededCompany } from '../testing/session';
import { attachLiveChannel } from './live-channel';
import { LIVE_CLOSE, MAX_SOCKETS_PER_SESSION } from './live-access';
import { listen } from '../http/listen';

let t: TestApp;
let co: SeededCompany;
/** Two servers on one app: one re-checks sessions only on a published sign-out, one every 200 ms. */
const servers: Array<{ server: Server; base: string; live: ReturnType<typeof attachLiveChannel> }> = [];
const onSignOutOnly = () => servers[0].base;
const rechecking = () => servers[1].base;

interface Who {
  id: string;
  cookie: string;
}

async function login(base: string, email: string): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(r.status).toBe(200);
  return r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
const who = async (base: string, role: string): Promise<Who> => ({ id: co.users[role].id, cookie: await login(base, co.users[role].email) });

/** A socket that records its messages and how it closed. */
function openSocket(base: string, w: Who, after?: number) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/socket/test/${w.id}${after !== undefined ? `?after=${after}` : ''}`, {
    headers: { Cookie: w.cookie, Origin: TEST_ORIGIN },
  });
  const messages: Array<{ type: string; data: any; id?: number }> = [];
  ws.on('message', (m) => messages.push(JSON.parse(String(m))));
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const until = async (pred: () => boolean, what: string, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; got ${messages.map((m) => m.type).join(',')}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const connected = () => until(() => messages.some((m) => m.type === 'connected'), 'connected');
  return { ws, messages, closed, until, connected };
}
const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_r, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms))]);

beforeAll(async () => {
  t = await createTestApp();
  co = await seedCompanyWithUsers(t.db.knex, 'Live Follows', ['admin', 'staff', 'signer', 'clerk'], { clerk: ['viewInfo', 'editInfo'] });
  for (const recheckMs of [3_600_000, 200]) {
    const server = await listen(t.app, 0);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    servers.push({ server, base, live: attachLiveChannel(server, t.deps, { pollMs: 50, recheckMs }) });
  }
});
afterAll(async () => {
  for (const s of servers) {
    await s.live.close();
    await new Promise((r) => s.server.close(r));
  }
  await t?.close();
});

describe('a socket lives as long as its session', () => {
  it("closes when its session signs out, and only that session's sockets", async () => {
    const base = onSignOutOnly();
    const out = await who(base, 'staff');
    const stays = await who(base, 'staff'); // the same user in another browser
    const a = openSocket(base, out);
    const b = openSocket(base, stays);
    await Promise.all([a.connected(), b.connected()]);

    const r = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { Cookie: out.cookie, Origin: TEST_ORIGIN } });
    expect(r.status).toBe(200);
    // This server re-checks sessions hourly: only the published sign-out can close the socket this soon.
    expect(await within(a.closed, 5_000, 'socket closed after sign-out')).toEqual(LIVE_CLOSE.sessionEnded);

    await t.deps.stores.live.publish({ companyId: co.companyId, type: 'certificate_update', data: { id: 'after-logout' } });
    await b.until(() => b.messages.some((m) => m.data?.id === 'after-logout'), 'the other session still receiving');
    expect(b.ws.readyState).toBe(WebSocket.OPEN);
    expect(a.messages.some((m) => m.data?.id === 'after-logout')).toBe(false);
    b.ws.close();
  });

  it('closes when the session times out idle or the user is locked', async () => {
    const base = rechecking();
    const idle = await who(base, 'staff');
    const locked = await who(base, 'signer');
    const a = openSocket(base, idle);
    const b = openSocket(base, locked);
    await Promise.all([a.connected(), b.connected()]);

    // An open socket is not activity: the session's idle clock runs out under it.
    await t.db
      .knex('sessions')
      .where({ user_id: co.users.staff.id })
      .whereNull('ended_at')
      .update({ last_seen_at: new Date(Date.now() - 31 * 60_000) });
    expect(await within(a.closed, 5_000, 'idle session socket closed')).toEqual(LIVE_CLOSE.sessionEnded);

    await t.db.knex('users').where({ id: co.users.signer.id }).update({ status: 'locked' });
    expect(await within(b.closed, 5_000, 'locked user socket closed')).toEqual(LIVE_CLOSE.sessionEnded);
    await t.db.knex('users').where({ id: co.users.signer.id }).update({ status: 'active' });
  });
});

describe('a socket gets only what its user may see', () => {
  it('sends company-wide certificate events only with viewApproval; events to one user still reach that user', async () => {
    const base = rechecking();
    const clerk = await who(base, 'clerk'); // no viewApproval
    const admin = await who(base, 'admin');
    const c = openSocket(base, clerk);
    const a = openSocket(base, admin);
    await Promise.all([c.connected(), a.connected()]);
    const start = await t.deps.stores.live.lastId();

    await t.deps.stores.live.publish({ companyId: co.companyId, type: 'certificate_update', data: { id: 'cert-1' } });
    await t.deps.stores.live.publish({ companyId: co.companyId, userId: co.users.clerk.id, type: 'upload_establishment_update', data: { id: 'for-clerk' } });
    await a.until(() => a.messages.some((m) => m.data?.id === 'cert-1'), 'admin gets the certificate event');
    await c.until(() => c.messages.some((m) => m.data?.id === 'for-clerk'), 'clerk gets the event addressed to them');
    expect(c.messages.some((m) => m.data?.id === 'cert-1')).toBe(false);
    expect(a.messages.some((m) => m.data?.id === 'for-clerk')).toBe(false);

    // A reconnect's backlog is filtered the same way.
    c.ws.close();
    const again = openSocket(base, clerk, start);
    await again.connected();
    expect(again.messages.map((m) => m.data?.id)).toEqual(['for-clerk', undefined]);
    again.ws.close();
    a.ws.close();
  });

  it('follows a group change on the next session check', async () => {
    const base = rechecking();
    const clerk = await who(base, 'clerk');
    const c = openSocket(base, clerk);
    await c.connected();
    await t.db
      .knex('groups')
      .where({ id: co.groups.clerk })
      .update({ roles: ['viewInfo', 'viewApproval'] });
    try {
      await new Promise((r) => setTimeout(r, 600)); // a few re-checks
      await t.deps.stores.live.publish({ companyId: co.companyId, type: 'certificate_update', data: { id: 'cert-2' } });
      await c.until(() => c.messages.some((m) => m.data?.id === 'cert-2'), 'clerk with viewApproval gets the certificate event');
    } finally {
      await t.db
        .knex('groups')
        .where({ id: co.groups.clerk })
        .update({ roles: ['viewInfo', 'editInfo'] });
      c.ws.close();
    }
  });
});

describe('sockets per session', () => {
  it(`holds ${MAX_SOCKETS_PER_SESSION} sockets per session and closes the next with a reason`, async () => {
    const base = onSignOutOnly();
    const staff = await who(base, 'staff');
    const open = Array.from({ length: MAX_SOCKETS_PER_SESSION }, () => openSocket(base, staff));
    await Promise.all(open.map((s) => s.connected()));

    const extra = openSocket(base, staff);
    expect(await within(extra.closed, 5_000, 'the extra socket closed')).toEqual(LIVE_CLOSE.tooManySockets);
    expect(extra.messages).toEqual([]);
    // Another session of the same user has its own allowance, and closing one frees a place.
    const other = openSocket(base, await who(base, 'staff'));
    await other.connected();
    open[0].ws.close();
    await open[0].closed;
    await new Promise((r) => setTimeout(r, 100)); // the server side sees the close a moment later
    const replacement = openSocket(base, staff);
    await replacement.connected();
    for (const s of [...open, other, replacement]) s.ws.close();
  });
});
