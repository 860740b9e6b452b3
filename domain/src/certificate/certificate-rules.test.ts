import { isAppError } from '../errors';
import type { Actor, Permission } from '../permissions';
import { assertOwnerOrAdmin, assertSameCompany, isOwnerOrAdmin } from './access';
import { createCertificate } from './build';
import { displayStatus, levelDisplayStatus } from './display-status';
import { certificateGrade, certificateValidity } from './issued-certificate';
import { statusesOfToggles, toggleCounts, toggleOf, TOGGLES } from './list-toggles';
import { recordPdf, transition } from './machine';
import type { CertificateState, CertificateStatus, LevelStatus, Signer } from './types';
import { permissionsOf } from './viewer-permissions';

const T0 = '2025-03-01T00:00:00.000Z';
const person = (id: string): Signer => ({ id, name: `Name ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
const draftInput = () => ({
  id: 'c1',
  approvalNumber: '202503011',
  approvalName: 'Barley lot 7',
  companyId: 'co1',
  submitter: { id: 'sub', name: 'Sam Submitter', email: 'sub@grain.test' },
  levels: [
    { group: 'Farm', signers: [person('a1'), person('a2')], signatures: 1, deadline: '2025-03-10T00:00:00.000Z' },
    { group: 'Transport', signers: [person('b1')], signatures: 1, deadline: '2025-03-20T00:00:00.000Z' },
  ],
});
const draft = () => createCertificate(draftInput());
const after = (s: CertificateState, ...cmds: Array<Parameters<typeof transition>[1]>) => cmds.reduce((x, c) => transition(x, c).state, s);
const submitted = () => after(draft(), { type: 'submit', actor: { id: 'sub', name: 'Sam' }, at: T0 });
const codeOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (isAppError(e)) return e.code;
    throw e;
  }
  return 'ok';
};

describe('owner or admin', () => {
  it.each([
    ['the submitter', { id: 'sub' }, true],
    ['an admin of the company', { id: 'x', isAdmin: true }, true],
    ['anyone else', { id: 'a1' }, false],
    ['anyone else, admin flag false', { id: 'a1', isAdmin: false }, false],
  ])('%s: %s', (_n, who, expected) => {
    expect(isOwnerOrAdmin(draft(), who)).toBe(expected);
    expect(codeOf(() => assertOwnerOrAdmin(draft(), who))).toBe(expected ? 'ok' : 'ACCESS_DENIED');
  });
  it.each([
    ['co1', 'ok'],
    ['co2', 'NOT_FOUND'],
    [null, 'NOT_FOUND'],
  ])('a caller of company %s gets %s', (companyId, code) => {
    expect(codeOf(() => assertSameCompany(draft(), companyId))).toBe(code);
  });
  it('is the rule the machine applies to edit, submit and cancel', () => {
    for (const type of ['submit', 'cancel'] as const) {
      expect(codeOf(() => transition(draft(), { type, actor: { id: 'a1', name: 'A' }, at: T0 }))).toBe('ACCESS_DENIED');
      expect(codeOf(() => transition(draft(), { type, actor: { id: 'adm', name: 'Admin', isAdmin: true }, at: T0 }))).toBe('ok');
    }
    expect(codeOf(() => transition(draft(), { type: 'editDraft', changes: {}, actor: { id: 'a1', name: 'A' }, at: T0 }))).toBe('ACCESS_DENIED');
  });
});

describe('editDraft', () => {
  it('replaces the set-up, number included, and keeps version and audit as they were', () => {
    const { state, effects } = transition(draft(), {
      type: 'editDraft',
      actor: { id: 'sub', name: 'Sam' },
      at: T0,
      changes: {
        approvalNumber: 'N-2',
        approvalName: 'Wheat',
        summary: '',
        escalateTo: [{ id: 'm', name: 'M', email: 'm@x' }],
        levels: [{ group: 'Only', signers: [person('z')], signatures: 1, deadline: T0 }],
      },
    });
    expect(effects).toEqual([]);
    expect(state).toMatchObject({
      approvalNumber: 'N-2',
      approvalName: 'Wheat',
      summary: '', // an empty summary is stored empty, not as a placeholder
      version: 0,
      audit: [],
      deadline: T0,
      escalateTo: [{ id: 'm' }],
    });
    expect(state.levels).toMatchObject([{ id: 'c1-L1', level: 1, group: 'Only', status: 'created' }]);
    expect(state.contentHash).not.toBe(draft().contentHash);
    expect(state).toEqual(createCertificate({ ...state, levels: state.levels }));
  });
  it.each([
    ['a submitted certificate', () => submitted(), 'CERTIFICATE_NOT_EDITABLE'],
    [
      'a done certificate',
      () => after(submitted(), { type: 'sign', actor: { id: 'a1', name: 'A' }, at: T0 }, { type: 'sign', actor: { id: 'b1', name: 'B' }, at: T0 }),
      'CERTIFICATE_DONE',
    ],
  ])('refuses %s', (_n, state, code) => {
    expect(codeOf(() => transition(state(), { type: 'editDraft', changes: {}, actor: { id: 'sub', name: 'Sam' }, at: T0 }))).toBe(code);
  });
});

describe('display status', () => {
  it.each<[CertificateStatus, boolean, string]>([
    ['signing', true, 'overdue'],
    ['pending', true, 'overdue'],
    ['rejected', true, 'overdue'],
    ['done', true, 'done'],
    ['cancelled', true, 'cancelled'],
    ['created', true, 'created'],
    ['signing', false, 'signing'],
    ['rejected', false, 'rejected'],
  ])('%s with overdue %s shows as %s', (status, overdue, shown) => expect(displayStatus(status, overdue)).toBe(shown));
  it.each<[LevelStatus, boolean, string]>([
    ['signing', true, 'overdue'],
    ['pending', true, 'overdue'],
    ['rejected', true, 'overdue'],
    ['created', true, 'overdue'],
    ['done', true, 'done'],
    ['signing', false, 'signing'],
    ['done', false, 'done'],
  ])('a level %s with overdue %s shows as %s', (status, overdue, shown) => expect(levelDisplayStatus(status, overdue)).toBe(shown));
});

describe('list toggles', () => {
  it.each<[CertificateStatus, boolean, string | null]>([
    ['created', false, 'created'],
    ['signing', false, 'signing'],
    ['rejected', false, 'sentBack'], // sent back is never counted under Signing
    ['pending', false, 'signing'], // no change of place at the first signature
    ['done', false, 'approved'],
    ['cancelled', false, null],
    ['signing', true, 'overdue'],
    ['pending', true, 'overdue'],
    ['done', true, 'approved'],
    ['created', true, 'created'],
  ])('%s (overdue %s) falls under %s', (status, overdue, toggle) => expect(toggleOf({ status, overdue })).toBe(toggle));
  it('filters each toggle by the list statuses it covers', () => {
    expect(statusesOfToggles(['signing', 'approved'])).toEqual(['pending', 'signing', 'done']);
    expect(statusesOfToggles(['sentBack'])).toEqual(['rejected']);
    expect(statusesOfToggles([])).toEqual([]);
  });
  it('counts per toggle, cancelled under none', () => {
    expect(toggleCounts({ created: 1, signing: 2, pending: 3, rejected: 4, done: 5, cancelled: 6, overdue: 7 })).toEqual({
      overdue: 7,
      signing: 5,
      sentBack: 4,
      approved: 5,
      created: 1,
    });
    expect(Object.keys(toggleCounts({ created: 0, signing: 0, pending: 0, rejected: 0, done: 0, cancelled: 0, overdue: 0 }))).toEqual([...TOGGLES]);
  });
});

describe('permissionsOf', () => {
  const viewer = (id: string, role: string, ...permissions: Permission[]): Actor => ({ id, companyId: 'co1', role, permissions });
  const editor = (id: string) => viewer(id, 'staff', 'editApproval', 'viewApproval');
  const signer = (id: string) => viewer(id, 'staff', 'signApproval', 'viewApproval');
  const yes = (s: CertificateState, v: Actor) =>
    Object.entries(permissionsOf(s, v, false))
      .filter(([, x]) => x)
      .map(([k]) => k)
      .sort();
  it.each<[string, () => CertificateState, Actor, string[]]>([
    ['the submitter of a draft', draft, editor('sub'), ['delete', 'edit']],
    ['an admin on a draft', draft, viewer('adm', 'admin'), ['delete', 'edit']],
    ['another editor on a draft', draft, editor('x'), []],
    ['the submitter without edit permission', draft, viewer('sub', 'staff', 'deleteApproval'), ['delete']],
    ['a signer of the current level', submitted, signer('a1'), ['delegate', 'reject', 'sign']],
    ['a signer without the sign permission', submitted, viewer('a1', 'staff'), []],
    ['a signer of a later level', submitted, signer('b1'), []],
    ['the submitter while signing', submitted, editor('sub'), ['adjust', 'delete', 'manage']],
    [
      'a holder of manageApproval while signing',
      submitted,
      viewer('mgr', 'team-leads', 'editApproval', 'viewApproval', 'manageApproval'),
      ['adjust', 'manage'],
    ],
    ['a group named manager without manageApproval', submitted, viewer('mgr', 'manager', 'editApproval', 'viewApproval'), []],
    ['a manager without the edit permission', submitted, viewer('mgr', 'manager', 'viewApproval', 'manageApproval'), []],
    ['another editor while signing', submitted, editor('x'), []],
    [
      'anyone on a done certificate whose PDF is being made',
      () => after(submitted(), { type: 'sign', actor: { id: 'a1', name: 'A' }, at: T0 }, { type: 'sign', actor: { id: 'b1', name: 'B' }, at: T0 }),
      editor('sub'),
      ['pdfPending'],
    ],
    [
      'anyone on a done certificate with its PDF',
      () =>
        recordPdf(
          after(submitted(), { type: 'sign', actor: { id: 'a1', name: 'A' }, at: T0 }, { type: 'sign', actor: { id: 'b1', name: 'B' }, at: T0 }),
          'certificates/x.pdf',
          T0,
        ),
      editor('sub'),
      ['getCert'],
    ],
    [
      'a signer who signed already',
      () =>
        after(
          draft(),
          {
            type: 'editDraft',
            changes: { levels: [{ group: 'g', signers: [person('a1'), person('a2')], signatures: 2, deadline: T0 }] },
            actor: { id: 'sub', name: 'S' },
            at: T0,
          },
          { type: 'submit', actor: { id: 'sub', name: 'S' }, at: T0 },
          { type: 'sign', actor: { id: 'a1', name: 'A' }, at: T0 },
        ),
      signer('a1'),
      [],
    ],
  ])('%s', (_n, state, v, allowed) => expect(yes(state(), v)).toEqual(allowed));
  it('tells whether signing asks for the signature password', () => {
    expect(permissionsOf(draft(), editor('sub'), true).signaturePassword).toBe(true);
  });
});

describe('issued certificate', () => {
  it.each([
    [{ protein: 95 }, 'FEED'],
    [{ protein: 11.5, harvestGrade: 'APW' }, 'APW'],
    [{ harvestGrade: 'ASW' }, 'ASW'],
    [{}, 'FEED'],
    [{ protein: 11.5, harvestGrade: 'APH' }, 'APH'],
  ])('grade of %j is %s', (farm, grade) => expect(certificateGrade(farm)).toBe(grade));
  it.each([
    ['2025-03-01T10:00:00.000Z', '2025-03-01', '2028-03-01'],
    ['2024-02-29T23:59:59.000Z', '2024-02-29', '2027-03-01'],
  ])('issued %s is valid from %s to %s', (at, validFrom, validTo) => expect(certificateValidity(at)).toEqual({ validFrom, validTo }));
});
