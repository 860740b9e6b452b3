import { render, screen } from '@testing-library/react';
import type { LevelView } from '@grain/domain';
import { I18nProvider } from '../../../i18n/i18n';
import { LevelDetailPanel } from './LevelDetailPanel';

const level: LevelView = {
  _id: 'c-L1',
  level: 1,
  group: 'Farm Data Signing',
  signatures: 1,
  deadline: '2026-12-10T00:00:00Z',
  status: 'rejected',
  comments: [],
  overdue: false,
  signers: [{ _id: 'u-2', fullName: 'Liam Walsh', email: 'liam@farm.example', role: 'staff' }],
  signed: [],
  signedEntries: [],
};

it('opens a level again when it becomes current (sent back to it), so its signers see their actions', () => {
  const panel = (current: boolean) => (
    <I18nProvider initial="en">
      <LevelDetailPanel level={level} current={current} actions={<button data-testid="btn-approve">Sign</button>} />
    </I18nProvider>
  );
  const { rerender } = render(panel(true));
  const summary = screen.getByRole('button', { name: /Farm Data Signing/ });
  expect(summary).toHaveAttribute('aria-expanded', 'true');
  summary.click(); // the signer folds it, the certificate moves on ...
  rerender(panel(false));
  expect(summary).toHaveAttribute('aria-expanded', 'false');
  rerender(panel(true)); // ... and comes back to this level
  expect(summary).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByTestId('btn-approve')).toBeVisible();
});
