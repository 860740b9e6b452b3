import { render, screen } from '@testing-library/react';
import type { LevelProgress } from '@grain/domain';
import { I18nProvider } from '../../../i18n/i18n';
import { SigningStepper } from './SigningStepper';

const progress: LevelProgress[] = [
  {
    level: 1,
    group: 'Farm Data Signing',
    state: 'done',
    required: 1,
    signedCount: 1,
    signers: [{ _id: 'u1', fullName: 'Liam Walsh', step: 'signed', notifiedAt: '2026-11-20T01:00:00Z', signedAt: '2026-11-20T03:00:00Z' }],
  },
  {
    level: 2,
    group: 'Inspection Signing',
    state: 'current',
    required: 2,
    signedCount: 0,
    signers: [
      { _id: 'u2', fullName: 'Mia Tran', step: 'viewed', notifiedAt: '2026-11-20T03:00:00Z', viewedAt: '2026-11-21T08:00:00Z' },
      { _id: 'u3', fullName: 'Noah Kelly', step: 'notified', notifiedAt: '2026-11-20T03:00:00Z' },
      { _id: 'u4', fullName: 'Olivia Bennett', onBehalfOf: 'Mia Tran', step: 'notified', notifiedAt: '2026-11-21T09:00:00Z' },
    ],
  },
  {
    level: 3,
    group: 'Transportation Signing',
    state: 'upcoming',
    required: 1,
    signedCount: 0,
    signers: [{ _id: 'u5', fullName: 'Jack Murray', step: 'waiting' }],
  },
];

describe('where the certificate is', () => {
  it.each([
    [
      'en' as const,
      'Level 2 · Inspection Signing',
      '0 of 2 signed',
      'opened, not signed yet',
      'Olivia Bennett (for Mia Tran)',
      'Level 3 · Transportation Signing',
    ],
    ['vn' as const, 'Cấp 2 · Ký kiểm định', 'đã ký 0/2', 'đã mở, chưa ký', 'Olivia Bennett (thay Mia Tran)', 'Cấp 3 · Ký vận chuyển'],
  ])('shows each level, and per signer asked / opened / signed (%s)', (lang, level2, count, viewed, delegate, level3) => {
    render(
      <I18nProvider initial={lang}>
        <SigningStepper progress={progress} />
      </I18nProvider>,
    );
    const text = screen.getByTestId('signing-stepper').textContent ?? '';
    for (const part of [level2, count, delegate, level3]) expect(text).toContain(part);
    expect(screen.getByTestId('step-level-2')).toHaveAttribute('data-state', 'current');
    expect(screen.getByTestId('progress-1-u1')).toHaveAttribute('data-step', 'signed');
    expect(screen.getByTestId('progress-2-u2')).toHaveAttribute('data-step', 'viewed');
    expect(screen.getByTestId('progress-2-u2').querySelector('svg')).toHaveAttribute('aria-label', expect.stringContaining(viewed));
    expect(screen.getByTestId('progress-3-u5')).toHaveAttribute('data-step', 'waiting');
  });
});
