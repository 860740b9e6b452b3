import { createStores } from '../stores';
import type { Db } from '../db';
import { createTestDb, createTestCompany, createTestUser } from '../testing';
import { SESSION_TOUCH_MS, SessionStore } from './session-store';
import { sha256hex } from '../digest';

let db: Db;
let sessions: SessionStore;
beforeAll(async () => {
  db = await createTestDb();
  sessions = createStores(db.knex).sessions;
});
afterAll(() => db.close());

async function company(name: string) {
  return createTestCompany(createStores(db.knex), name);
}
const user = (companyId: string | null, role: string) => createTestUser(createStores(db.knex), companyId, role);
const byToken = (token: string) => db.knex('sessions').where({ id_hash: sha256hex(token) });

describe('SessionStore.resolveSession (session, user and group in one statement)', () => {
  it("answers the user and the group of the user's role in the user's company only", async () => {
    const a = await company('Session A');
    const b = await company('Session B');
    await createStores(db.knex).groups.create(a.id, { groupName: 'Inspectors', status: 'active', roles: ['viewApproval', 'signApproval'] });
    await createStores(db.knex).groups.create(b.id, { groupName: 'Managers', status: 'active', roles: ['editApproval'] });
    const inspector = await user(a.id, 'inspectors'); // case-insensitive, as GroupStore.byName matches
    const stranger = await user(a.id, 'Managers'); // B's group name: must not give A's user B's permissions
    const loner = await user(null, 'Inspectors');
    const s1 = await sessions.start(inspector.id);
    const s2 = await sessions.start(stranger.id);
    const s3 = await sessions.start(loner.id);

    const found = await sessions.resolveSession(s1.token);
    expect(found).toEqual({ user: await createStores(db.knex).users.byId(inspector.id), group: { status: 'active', roles: ['viewApproval', 'signApproval'] } });
    expect(await sessions.resolveSession(s2.token)).toMatchObject({ user: { id: stranger.id }, group: null });
    expect(await sessions.resolveSession(s3.token)).toMatchObject({ user: { id: loner.id, companyId: null }, group: null });
    expect(await sessions.resolveSession('no-such-token')).toBeNull();
    // resolve() (the one-table lookup the live channel uses) agrees.
    expect(await sessions.resolve(s1.token)).toBe(inspector.id);
  });

  it('ends idle, expired and signed-out sessions, and those of users no longer active', async () => {
    const c = await company('Session C');
    const idle = await sessions.start((await user(c.id, 'staff')).id);
    const expired = await sessions.start((await user(c.id, 'staff')).id);
    const out = await sessions.start((await user(c.id, 'staff')).id);
    const lockedUser = await user(c.id, 'staff');
    const locked = await sessions.start(lockedUser.id);
    const deletedUser = await user(c.id, 'staff');
    const deleted = await sessions.start(deletedUser.id);

    await byToken(idle.token).update({ last_seen_at: new Date(Date.now() - 31 * 60_000) });
    await byToken(expired.token).update({ expires_at: new Date(Date.now() - 1000) });
    await sessions.end(out.token);
    await createStores(db.knex).users.update(lockedUser.id, { status: 'locked' });
    await createStores(db.knex).users.softDelete(deletedUser.id);

    for (const s of [idle, expired, out, locked, deleted]) expect(await sessions.resolveSession(s.token)).toBeNull();
    for (const s of [idle, expired, out, locked]) expect((await byToken(s.token).first()).ended_at).not.toBeNull();
    // Unlocking later does not bring the ended session back.
    await createStores(db.knex).users.update(lockedUser.id, { status: 'active' });
    expect(await sessions.resolveSession(locked.token)).toBeNull();
  });

  it('touches the idle clock at most once a minute, and only for a live session', async () => {
    const c = await company('Session D');
    const s = await sessions.start((await user(c.id, 'staff')).id);
    const q = () => byToken(s.token);
    const recent = new Date(Date.now() - SESSION_TOUCH_MS / 2);
    await q().update({ last_seen_at: recent });
    expect(await sessions.resolveSession(s.token)).not.toBeNull();
    expect(new Date((await q().first()).last_seen_at).getTime()).toBe(recent.getTime());
    const old = new Date(Date.now() - SESSION_TOUCH_MS * 2);
    await q().update({ last_seen_at: old });
    const before = Date.now();
    expect(await sessions.resolveSession(s.token)).not.toBeNull();
    expect(new Date((await q().first()).last_seen_at).getTime()).toBeGreaterThanOrEqual(before - 5);
  });
});
