import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { I18nProvider } from '../../../i18n/i18n';
import type { CertificateListCard, Toggle } from '@grain/domain';
import { INITIAL_TOGGLES } from '../status';
import { filterApprovals } from './filter';
import { StatusToggles } from './StatusToggles';
import { ApprovalCard } from './ApprovalCard';

const level = (n: number, status: 'done' | 'signing' | 'created') => ({
  level: n,
  group: `Level ${n}`,
  signedCount: status === 'done' ? 1 : 0,
  signatures: 1,
  status,
});
const cert = (n: string, name: string, status: CertificateListCard['status'], overdue = false): CertificateListCard => ({
  _id: n,
  approvalNumber: n,
  approvalName: name,
  priority: 'Medium',
  stageLevel: 2,
  status,
  displayStatus: overdue ? 'overdue' : status,
  overdue,
  deadline: '2030-01-02',
  docType: null,
  approvalLevels: [level(1, 'done'), level(2, 'signing'), level(3, 'created')],
  currentGroup: 'Level 2',
  assignees: ['Ann Signer'],
});
const items = [
  cert('202501011', 'Wheat lot seven', 'signing'),
  cert('202501012', 'Barley lot eight', 'pending'),
  cert('202501013', 'Wheat lot nine', 'done'),
  cert('202501014', 'Old barley', 'signing', true),
  cert('202501015', 'Draft canola', 'created'),
  cert('202501016', 'Sent back wheat', 'rejected'),
];

describe('approval list filtering', () => {
  it('shows what is under way first; sent back is its own; overdue only under Overdue', () => {
    expect(filterApprovals(items, INITIAL_TOGGLES, '').map((a) => a.approvalNumber)).toEqual(['202501011', '202501012', '202501014', '202501016']);
    expect(filterApprovals(items, ['signing'], '').map((a) => a.approvalNumber)).toEqual(['202501011', '202501012']); // not the one sent back
    expect(filterApprovals(items, ['sentBack'], '').map((a) => a.approvalNumber)).toEqual(['202501016']);
    expect(filterApprovals(items, ['overdue'], '').map((a) => a.approvalNumber)).toEqual(['202501014']);
    expect(filterApprovals(items, ['approved', 'created'], '').map((a) => a.approvalNumber)).toEqual(['202501013', '202501015']);
  });

  it('searches number and name with the strict 0.05 threshold', () => {
    const all: Toggle[] = ['overdue', 'signing', 'sentBack', 'approved', 'created'];
    expect(filterApprovals(items, all, 'Barley lot eight').map((a) => a.approvalNumber)).toEqual(['202501012']);
    expect(filterApprovals(items, all, '202501013').map((a) => a.approvalNumber)).toEqual(['202501013']);
    expect(filterApprovals(items, all, 'Wheat lot')).toHaveLength(2);
    expect(filterApprovals(items, all, 'Wxeat')).toHaveLength(0);
  });
});

function TogglesHarness() {
  const [v, setV] = useState<Toggle[]>(INITIAL_TOGGLES);
  return (
    <>
      <StatusToggles value={v} counts={{ overdue: 1, signing: 2, sentBack: 1, approved: 1, created: 1 }} onChange={setV} />
      <div data-testid="shown">
        {filterApprovals(items, v, '')
          .map((a) => a.approvalNumber)
          .join(',')}
      </div>
    </>
  );
}

describe('StatusToggles', () => {
  it('shows counts, starts with what is under way and Overdue on (an overdue reminder leads here), and toggles on click', async () => {
    render(
      <I18nProvider initial="en">
        <TogglesHarness />
      </I18nProvider>,
    );
    expect(screen.getByTestId('toggle-signing')).toHaveTextContent('Awaiting signatures (2)');
    expect(screen.getByTestId('toggle-sentBack')).toHaveTextContent('Sent back (1)');
    expect(screen.getByTestId('toggle-signing')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('toggle-overdue')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('shown')).toHaveTextContent('202501014');
    await userEvent.click(screen.getByTestId('toggle-signing'));
    expect(screen.getByTestId('shown').textContent).toBe('202501014,202501016');
  });

  it('speaks Vietnamese', () => {
    render(
      <I18nProvider initial="vn">
        <TogglesHarness />
      </I18nProvider>,
    );
    expect(screen.getByTestId('toggle-overdue')).toHaveTextContent('Quá hạn (1)');
  });
});

describe('ApprovalCard', () => {
  it('shows number, name, status, stage, assignees and a per-level progress bar', () => {
    render(
      <I18nProvider initial="en">
        <MemoryRouter>
          <ApprovalCard a={items[0]} />
        </MemoryRouter>
      </I18nProvider>,
    );
    const card = screen.getByTestId('approval-card-202501011');
    expect(within(card).getByText('Wheat lot seven')).toBeInTheDocument();
    expect(within(card).getByTestId('status-badge')).toHaveTextContent('Awaiting signatures');
    expect(card).toHaveTextContent('Ann Signer');
    expect(card).toHaveTextContent('Level 2');
    expect(within(card).getByTestId('level-segment-1')).toHaveAttribute('data-state', 'done');
    expect(within(card).getByTestId('level-segment-2')).toHaveAttribute('data-state', 'current');
    expect(within(card).getByTestId('level-segment-3')).toHaveAttribute('data-state', 'waiting');
  });

  it.each([
    ['en' as const, 'Revoked', 'Revoked on 03/02/2026: Lab result withdrawn'],
    ['vn' as const, 'Đã thu hồi', 'Đã thu hồi ngày 03/02/2026: Lab result withdrawn'],
  ])('a revoked certificate says Revoked, with when and why, not Issued (%s)', (lang, chip, line) => {
    const revoked = { ...cert('202501013', 'Wheat lot nine', 'done'), revocation: { at: '2026-02-03T04:05:06.000Z', reason: 'Lab result withdrawn' } };
    render(
      <I18nProvider initial={lang}>
        <MemoryRouter>
          <ApprovalCard a={revoked} />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.getByTestId('status-badge')).toHaveTextContent(chip);
    expect(screen.getByTestId('card-revoked')).toHaveTextContent(line);
  });

  it("an overdue card shows the late level's due date and how late it is, not the last level's", () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000 - 3_600_000).toISOString();
    const late = { ...cert('202501014', 'Old barley', 'signing', true), levelDue: threeDaysAgo };
    render(
      <I18nProvider initial="en">
        <MemoryRouter>
          <ApprovalCard a={late} />
        </MemoryRouter>
      </I18nProvider>,
    );
    const due = screen.getByTestId('card-due');
    expect(due).toHaveTextContent(/Level 2 due: \d\d\/\d\d\/\d{4} \(3 days late\)/);
    expect(due).not.toHaveTextContent('02/01/2030');
  });
});
