import { createCertificate } from './build';
import { transition } from './machine';
import { dueTimers, levelTimers, timerSummary } from './timer-plan';
import type { CertificateState, Signer } from './types';

const HOUR = 3_600_000;
const START = Date.parse('2025-03-01T00:00:00.000Z');
const DUE = START + 48 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const person = (id: string): Signer => ({ id, name: id, email: `${id}@grain.test`, role: 'Inspector' });

function signing(over: { offsetsMs?: number[]; overdueRepeatMs?: number } = {}): CertificateState {
  const draft = createCertificate({
    id: 'c1',
    approvalNumber: 'N1',
    approvalName: 'Barley',
    companyId: 'co1',
    submitter: { id: 'sub', name: 'Sub', email: 'sub@grain.test' },
    levels: [
      { group: 'Farm', signers: [person('a1')], signatures: 1, deadline: iso(DUE) },
      { group: 'Inspection', signers: [person('b1')], signatures: 1, deadline: iso(DUE + 24 * HOUR) },
    ],
    reminders: { offsetsMs: over.offsetsMs ?? [24 * HOUR, HOUR], overdueRepeatMs: over.overdueRepeatMs ?? 12 * HOUR },
  });
  return transition(draft, { type: 'submit', actor: { id: 'sub', name: 'Sub' }, at: iso(START) }).state;
}
const tag = `L1@${iso(START)}`;
const plan = (s: CertificateState, now: number) => levelTimers(s, now).map((t) => [t.kind, t.at - DUE, t.key]);

describe('levelTimers', () => {
  it.each([
    [
      'reminders before the due time, the due time, then three overdue repeats',
      [24 * HOUR, HOUR],
      START,
      [
        ['reminder', -24 * HOUR, `${tag}:before:${24 * HOUR}`],
        ['reminder', -HOUR, `${tag}:before:${HOUR}`],
        ['deadline', 0, `${tag}:due`],
        ['overdueReminder', 12 * HOUR, `${tag}:after:1`],
        ['overdueReminder', 24 * HOUR, `${tag}:after:2`],
        ['overdueReminder', 36 * HOUR, `${tag}:after:3`],
      ],
    ],
    [
      'an offset reaching before the level started plans no reminder',
      [72 * HOUR],
      START,
      [
        ['deadline', 0, `${tag}:due`],
        ['overdueReminder', 12 * HOUR, `${tag}:after:1`],
        ['overdueReminder', 24 * HOUR, `${tag}:after:2`],
        ['overdueReminder', 36 * HOUR, `${tag}:after:3`],
      ],
    ],
    [
      'long after the due time the repeats plan ahead from now',
      [HOUR],
      DUE + 50 * HOUR,
      [
        ['reminder', -HOUR, `${tag}:before:${HOUR}`],
        ['deadline', 0, `${tag}:due`],
        ['overdueReminder', 48 * HOUR, `${tag}:after:4`],
        ['overdueReminder', 60 * HOUR, `${tag}:after:5`],
        ['overdueReminder', 72 * HOUR, `${tag}:after:6`],
      ],
    ],
  ])('%s', (_name, offsetsMs, now, expected) => {
    expect(plan(signing({ offsetsMs }), now)).toEqual(expected);
  });

  it.each([
    ['a finished certificate', (s: CertificateState) => ({ ...s, status: 'done' as const })],
    ['a cancelled certificate', (s: CertificateState) => ({ ...s, status: 'cancelled' as const })],
    ['a draft', (s: CertificateState) => ({ ...s, status: 'created' as const, stage: 0 })],
    ['a level without a valid due time', (s: CertificateState) => ({ ...s, levels: s.levels.map((l) => ({ ...l, deadline: 'soon' })) })],
  ])('plans nothing for %s', (_name, change) => {
    expect(levelTimers(change(signing()), START)).toEqual([]);
  });

  it('keys a restarted level anew, so its timers fire again', () => {
    const s = signing();
    const restartedAt = START + HOUR;
    const restarted = { ...s, levels: s.levels.map((l, i) => (i === 0 ? { ...l, startedAt: iso(restartedAt) } : l)) };
    const keys = levelTimers(restarted, restartedAt).map((t) => t.key);
    expect(keys.every((k) => k.startsWith(`L1@${iso(restartedAt)}:`))).toBe(true);
    expect(keys.some((k) => levelTimers(s, START).some((t) => t.key === k))).toBe(false);
  });
});

describe('dueTimers', () => {
  it('fires the due time and the missed repeats of a level found late as one notice (the latest), applying the deadline once', () => {
    const s = signing({ offsetsMs: [HOUR], overdueRepeatMs: 12 * HOUR });
    const late = DUE + 13 * HOUR; // the due time and the first repeat have both passed
    const d = dueTimers(s, new Set(), late);
    expect(d.fired.map((t) => t.key)).toEqual([`${tag}:before:${HOUR}`, `${tag}:due`, `${tag}:after:1`]);
    expect(d.deadline?.key).toBe(`${tag}:due`);
    expect(d.notice).toMatchObject({ key: `${tag}:after:1`, kind: 'overdueReminder' });
  });
  it('gives nothing once those have fired, and the next repeat when its time comes', () => {
    const s = signing({ offsetsMs: [HOUR], overdueRepeatMs: 12 * HOUR });
    const fired = new Set(dueTimers(s, new Set(), DUE + 13 * HOUR).fired.map((t) => t.key));
    expect(dueTimers(s, fired, DUE + 14 * HOUR)).toEqual({ fired: [], deadline: null, notice: null });
    const next = dueTimers(s, fired, DUE + 24 * HOUR);
    expect(next.fired.map((t) => t.key)).toEqual([`${tag}:after:2`]);
    expect(next.deadline).toBeNull();
  });
});

describe('timerSummary', () => {
  it('names what each planned timer is for, as the Temporal UI shows it', () => {
    expect(levelTimers(signing(), START).map(timerSummary)).toEqual([
      'reminder before level 1 is due (24 h before)',
      'reminder before level 1 is due (1 h before)',
      'level 1 deadline',
      'overdue reminder 1 for level 1',
      'overdue reminder 2 for level 1',
      'overdue reminder 3 for level 1',
    ]);
  });
});
