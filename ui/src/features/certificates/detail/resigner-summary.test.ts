import type { CertificateView } from '@grain/domain';
import { resignerSummary } from './resigner-summary';

/** A certificate view with only what the summary reads. */
function view(p: Partial<CertificateView>): CertificateView {
  return { contentHash: 'c'.repeat(64), approvalLevels: [], audit: [], ...p } as unknown as CertificateView;
}
const level = (n: number, voided: unknown[] = [], signedEntries: unknown[] = []) =>
  ({ level: n, voided, signedEntries }) as unknown as CertificateView['approvalLevels'][number];
const mine = {
  userId: 'liam',
  name: 'Liam',
  at: '2026-11-20T10:00:00.000Z',
  contentHash: 'a'.repeat(64),
  voidedAt: '2026-11-21T09:00:00.000Z',
  voidedFor: 'c'.repeat(64),
};

describe('what a re-signer is told', () => {
  it('names the signature a change voided, the parts changed since and every send-back since, in order', () => {
    const a = view({
      approvalLevels: [level(1, [mine])],
      audit: [
        { at: '2026-11-19T10:00:00.000Z', actorId: 'o', action: 'edit', changed: ['summary'] },
        { at: '2026-11-20T12:00:00.000Z', actorId: 'noah', actorName: 'Noah Kelly', action: 'reject', reason: 'Old lab report', toLevel: 2 },
        { at: '2026-11-21T08:00:00.000Z', actorId: 'o', action: 'edit', changed: ['documents'] },
        { at: '2026-11-21T09:00:00.000Z', actorId: 'o', action: 'resubmit', changed: ['name', 'documents'] },
      ],
    } as Partial<CertificateView>);
    expect(resignerSummary(a, 'liam')).toEqual({
      level: 1,
      signedAt: mine.at,
      signedOver: mine.contentHash,
      changed: ['name', 'documents'],
      reasons: [{ by: 'Noah Kelly', at: '2026-11-20T12:00:00.000Z', reason: 'Old lab report' }],
    });
  });

  it('says nothing to someone else, or once the re-signer signed the content as it is now', () => {
    const a = view({ approvalLevels: [level(1, [mine])] });
    expect(resignerSummary(a, 'mia')).toBeNull();
    const signedAgain = view({ approvalLevels: [level(1, [mine], [{ userId: 'liam', at: '2026-11-22T10:00:00.000Z', contentHash: 'c'.repeat(64) }])] });
    expect(resignerSummary(signedAgain, 'liam')).toBeNull();
  });
});
