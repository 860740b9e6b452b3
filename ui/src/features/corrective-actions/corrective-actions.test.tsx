import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CorrectiveActionSummaryAnswer, CorrectiveActionView } from '@grain/domain';
import { renderApp } from '../../test/render';
import { adminUser, fakeApi } from '../../test/fake-api';

const verifier = { ...adminUser, id: 'u-ver', role: 'signer', permissions: ['viewApproval', 'viewCorrectiveAction', 'verifyCorrectiveAction'] };
const owner = { ...adminUser, id: 'u-own', role: 'staff', permissions: ['viewCorrectiveAction', 'ownCorrectiveAction'] };
const none = { start: false, submitFix: false, verify: false, reopen: false, reassign: false, redate: false };

const action = (extra: Partial<CorrectiveActionView> = {}): CorrectiveActionView => ({
  id: 'a-1',
  farm: { key: 'dry creek farm', name: 'Dry Creek Farm' },
  complianceId: 'k-1',
  checkIndex: 0,
  check: 'establishment_registration_details',
  severity: 'critical',
  status: 'fix_submitted',
  owner: { id: 'u-own', name: 'Chloe Nguyen' },
  dueAt: '2026-12-04T23:59:59Z',
  overdue: false,
  escalated: false,
  createdAt: '2026-11-27T00:00:00Z',
  closedAt: null,
  ageDays: 0,
  finding: {
    complianceId: 'k-1',
    checkIndex: 0,
    check: 'establishment_registration_details',
    result: 'Non-Compliant',
    requirement: 'A registered establishment is identified by its name, address and a contact.',
    evidence: 'No telephone or e-mail.',
    recommendations: 'Add a contact.',
    policyRef: null,
    flagged: false,
  },
  createdBy: { id: 'u-man', name: 'Jack Murray' },
  fixes: [
    {
      round: 1,
      at: '2026-11-27T01:00:00Z',
      by: { id: 'u-own', name: 'Chloe Nguyen' },
      note: 'Phone added',
      evidence: [
        { id: 'e-1', fileName: 'registration.pdf', mime: 'application/pdf', size: 9, sha256: 'a'.repeat(64), url: '/api/corrective-actions/a-1/evidence/e-1' },
      ],
    },
  ],
  audit: [{ at: '2026-11-27T00:00:00Z', actorId: 'u-man', event: 'created' }],
  allowed: none,
  ...extra,
});

describe('a corrective action', () => {
  it('the verifier sees the fix with its evidence and hash, and reopens it with a reason (a reason is sent, the new state shown)', async () => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: verifier }),
      'GET /api/corrective-actions/a-1': () => ({ action: action({ allowed: { ...none, verify: true, reopen: true } }) }),
      'POST /api/corrective-actions/a-1/reopen': (c) => ({
        action: action({
          status: 'reopened',
          allowed: none,
          audit: [{ at: '2026-11-27T02:00:00Z', actorId: 'u-ver', event: 'reopened', detail: (c.body as { reason: string }).reason }],
        }),
      }),
    });
    const user = userEvent.setup();
    renderApp('/views/corrective-actions/detail?id=a-1');
    expect(await screen.findByTestId('ca-check')).toHaveTextContent('Establishment registration');
    expect(screen.getByTestId('ca-fixes')).toHaveTextContent('registration.pdf');
    expect(screen.getByTestId('ca-fixes')).toHaveTextContent(`SHA-256 ${'a'.repeat(12)}`);
    expect(screen.queryByTestId('ca-fix-form')).toBeNull();
    await user.click(screen.getByTestId('ca-reopen'));
    await user.type(screen.getByTestId('ca-reopen-reason'), 'No proof of the phone line');
    await user.click(screen.getByTestId('ca-reopen-confirm'));
    await waitFor(() => expect(screen.getByTestId('ca-trail')).toHaveTextContent('Reopened: No proof of the phone line'));
    expect(api.find('POST', '/api/corrective-actions/a-1/reopen')[0].body).toEqual({ reason: 'No proof of the phone line' });
    expect(screen.queryByTestId('ca-verify')).toBeNull();
  });

  it('the owner gets the fix form (not the verdict buttons), in Vietnamese', async () => {
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: owner }),
      'GET /api/corrective-actions/a-1': () => ({ action: action({ status: 'in_progress', fixes: [], allowed: { ...none, submitFix: true } }) }),
    });
    renderApp('/views/corrective-actions/detail?id=a-1', { lang: 'vn' });
    const form = await screen.findByTestId('ca-fix-form');
    expect(within(form).getByRole('button', { name: 'Gửi khắc phục' })).toBeInTheDocument();
    expect(screen.queryByTestId('ca-verify')).toBeNull();
    expect(screen.getByText('Đang thực hiện')).toBeInTheDocument();
  });
});

describe('the company view', () => {
  it('shows counts and the open actions by age as a labelled chart', async () => {
    const summary: CorrectiveActionSummaryAnswer = {
      counts: { open: 3, overdue: 1, fixSubmitted: 1, closed: 2 },
      bySeverity: { critical: { open: 1, closed: 1 }, major: { open: 2, closed: 1 }, minor: { open: 0, closed: 0 } },
      openByAge: [
        { band: '0-7', count: 1 },
        { band: '8-30', count: 0 },
        { band: '31-90', count: 2 },
        { band: '90+', count: 0 },
      ],
      oldestOpenDays: 40,
      averageDaysToClose: 3.5,
    };
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: verifier }),
      'GET /api/corrective-actions/summary': () => summary,
      'GET /api/corrective-actions': () => ({ actions: [action({ status: 'open', overdue: true })] }),
      'GET /api/corrective-actions/waiting': () => ({ toFix: [], toVerify: [action()] }),
    });
    renderApp('/views/corrective-actions/list');
    expect(await screen.findByTestId('ca-count-overdue')).toHaveTextContent('1Overdue');
    const chart = screen.getByTestId('ca-age-chart');
    expect(chart).toHaveAttribute('role', 'img');
    expect(chart.textContent).toBe('0-718-30031-90290+0');
    expect(screen.getByText('Oldest open: 40 days')).toBeInTheDocument();
    expect(await screen.findByTestId('ca-waiting-verify')).toBeInTheDocument();
  });
});

/** The page's socket (jsdom has no server): the test delivers the live channel's messages itself. */
class LiveSocket {
  static last: LiveSocket | undefined;
  readyState = 1;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: unknown = null;
  constructor() {
    LiveSocket.last = this;
  }
  send() {}
  close() {}
  deliver(m: object) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

describe('live updates of corrective actions', () => {
  const real = globalThis.WebSocket;
  beforeEach(() => {
    LiveSocket.last = undefined;
    (globalThis as { WebSocket: unknown }).WebSocket = LiveSocket;
  });
  afterAll(() => {
    (globalThis as { WebSocket: unknown }).WebSocket = real;
  });

  it("the action's page shows what someone else did: a message for this action loads it again, one for another does not", async () => {
    let current = action({ status: 'fix_submitted', allowed: { ...none, verify: true, reopen: true } });
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: verifier }),
      'GET /api/corrective-actions/a-1': () => ({ action: current }),
    });
    renderApp('/views/corrective-actions/detail?id=a-1');
    expect(await screen.findByTestId('ca-verify')).toBeInTheDocument();
    await waitFor(() => expect(LiveSocket.last).toBeDefined());
    LiveSocket.last!.deliver({ type: 'connected', data: {} });
    const reads = () => api.find('GET', '/api/corrective-actions/a-1').length;
    const before = reads();
    LiveSocket.last!.deliver({ type: 'corrective_action_update', id: 7, data: { id: 'a-2', status: 'in_progress', version: 3 } });
    // another verifier accepted the fix meanwhile
    current = action({ status: 'verified', closedAt: '2026-11-28T00:00:00Z', allowed: none });
    LiveSocket.last!.deliver({ type: 'corrective_action_update', id: 8, data: { id: 'a-1', status: 'verified', version: 5 } });
    await waitFor(() => expect(screen.getByTestId('ca-state')).toHaveTextContent('Verified'));
    expect(screen.queryByTestId('ca-verify')).toBeNull();
    expect(reads()).toBe(before + 1);
  });

  it('the list follows changes of any action of the company', async () => {
    let rows = [action({ id: 'a-1', status: 'open' })];
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: verifier }),
      'GET /api/corrective-actions/summary': () => ({
        counts: { open: 1, overdue: 0, fixSubmitted: 0, closed: 0 },
        bySeverity: { critical: { open: 1, closed: 0 }, major: { open: 0, closed: 0 }, minor: { open: 0, closed: 0 } },
        openByAge: [],
        oldestOpenDays: 0,
        averageDaysToClose: null,
      }),
      'GET /api/corrective-actions': () => ({ actions: rows }),
      'GET /api/corrective-actions/waiting': () => ({ toFix: [], toVerify: [] }),
    });
    renderApp('/views/corrective-actions/list');
    expect(await screen.findByTestId('ca-count-open')).toHaveTextContent('1');
    await waitFor(() => expect(LiveSocket.last).toBeDefined());
    rows = [action({ id: 'a-1', status: 'in_progress' })];
    LiveSocket.last!.deliver({ type: 'corrective_action_update', id: 9, data: { id: 'a-1', status: 'in_progress', version: 2 } });
    await waitFor(() => expect(screen.getAllByTestId('ca-state')[0]).toHaveTextContent('In progress'));
  });
});
