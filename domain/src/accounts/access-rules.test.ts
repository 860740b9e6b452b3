import { isAdminRoleName, lastAdminRefusal, permissionsBeyond } from './access-rules';
import { throttleDelayMs, waitLeftMs, LOGIN_THROTTLE } from './login-throttle';

const sysop = { id: 's', companyId: 'c', role: 'sysop', permissions: ['editSystem', 'viewInfo'] as const };
const admin = { id: 'a', companyId: 'c', role: 'admin', permissions: [] };

describe('account access rules', () => {
  it('reads "admin" in any case or spacing as the admin role', () => {
    expect(['admin', 'Admin', ' ADMIN '].map(isAdminRoleName)).toEqual([true, true, true]);
    expect(isAdminRoleName('admins')).toBe(false);
  });
  it('lets a non-admin hand on only what they hold; an admin anything', () => {
    expect(permissionsBeyond(sysop, ['viewInfo', 'signApproval', 'editSystem'])).toEqual(['signApproval']);
    expect(permissionsBeyond(admin, ['signApproval', 'deleteSystem'])).toEqual([]);
  });
  it.each([
    [{ role: 'staff' }, 0, 'LAST_ADMIN'],
    [{ status: 'locked' as const }, 0, 'LAST_ADMIN'],
    [{ status: 'inactive' as const }, 0, 'LAST_ADMIN'],
    [{ deleted: true }, 0, 'LAST_ADMIN'],
    [{ role: 'staff' }, 1, null],
    [{ role: 'Admin', status: 'active' as const }, 0, null],
  ])('keeps one active admin: %j with %i other admins -> %s', (change, others, expected) => {
    expect(lastAdminRefusal({ isAdmin: true }, change, others)).toBe(expected);
  });
  it('never refuses a change to a non-admin', () => {
    expect(lastAdminRefusal({ isAdmin: false }, { deleted: true }, 0)).toBeNull();
  });
});

describe('sign-in delays', () => {
  const rule = LOGIN_THROTTLE.pair;
  it('grows from the base after the free failures, up to the cap', () => {
    expect([4, 5, 6, 7].map((n) => throttleDelayMs(n, rule))).toEqual([0, 30_000, 60_000, 120_000]);
    expect(throttleDelayMs(40, rule)).toBe(rule.maxMs);
  });
  it('counts the wait from the last failure', () => {
    const last = new Date(1_000_000);
    expect(waitLeftMs(5, last, rule, 1_000_000 + 10_000)).toBe(20_000);
    expect(waitLeftMs(5, last, rule, 1_000_000 + 31_000)).toBe(0);
    expect(waitLeftMs(9, null, rule, 0)).toBe(0);
  });
});
