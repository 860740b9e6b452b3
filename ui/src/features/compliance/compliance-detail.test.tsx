import { screen, waitFor } from '@testing-library/react';
import type { ComplianceDetailView } from '@grain/domain';
import { renderApp } from '../../test/render';
import { adminUser, fakeApi } from '../../test/fake-api';

const submission = (extra: Partial<ComplianceDetailView> = {}): ComplianceDetailView => ({
  _id: 'k-1',
  user_id: 'u-admin',
  status: 'auditing',
  created_at: '2026-11-27T00:00:00Z',
  date_of_issue: null,
  report_error: null,
  establishmentData: null,
  haccpPlanData: null,
  managementPlanData: null,
  pestControlData: null,
  uploads: [],
  report: null,
  ...extra,
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

describe('a compliance submission', () => {
  const real = globalThis.WebSocket;
  beforeEach(() => {
    LiveSocket.last = undefined;
    (globalThis as { WebSocket: unknown }).WebSocket = LiveSocket;
  });
  afterAll(() => {
    (globalThis as { WebSocket: unknown }).WebSocket = real;
  });

  it('follows its audit: a live message for this submission loads it again, one for another does not', async () => {
    let current = submission();
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/compliance/k-1': () => ({ compliance: current }),
    });
    renderApp('/views/compliance/detail?id=k-1');
    expect(await screen.findByText('Status: Auditing', { exact: false })).toBeInTheDocument();
    await waitFor(() => expect(LiveSocket.last).toBeDefined());
    LiveSocket.last!.deliver({ type: 'connected', data: {} });
    const reads = () => api.find('GET', '/api/compliance/k-1').length;
    const before = reads();
    LiveSocket.last!.deliver({ type: 'compliance_check_update', id: 5, data: { compliance_id: 'k-2', status: 'failed' } });
    current = submission({ status: 'failed', report_error: 'timeout' });
    LiveSocket.last!.deliver({ type: 'compliance_check_update', id: 6, data: { compliance_id: 'k-1', status: 'failed' } });
    expect(await screen.findByText('The audit failed:', { exact: false })).toBeInTheDocument();
    expect(reads()).toBe(before + 1);
  });

  it('says so when it is not found, in Vietnamese too', async () => {
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/compliance/k-9': () => ({ status: 404, body: { invalidMsg: 'Not found', code: 'NOT_FOUND' } }),
    });
    renderApp('/views/compliance/detail?id=k-9', { lang: 'vn' });
    await waitFor(() => expect(screen.getByTestId('compliance-detail-empty')).toHaveTextContent('Không tìm thấy hồ sơ tuân thủ này.'));
  });
});
