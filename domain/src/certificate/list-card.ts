/**
 * The certificate's card on the list (docs/spec/approvals.md §2 "Approval list"): exactly what a card
 * shows — number, name, status, current group and who still has to sign, document type, priority, due
 * date, one progress segment per level — and nothing else. The read model stores this JSON with each
 * row and the list answers the stored text as it is (bench/RESULTS.md "(e)"), so this is the one
 * place the card's content is decided. Stored cards are not rebuilt by themselves: a change to what a card
 * holds comes with a migration that calls refreshListCards (persistence), as 015 does.
 */
import { displayStatus } from './display-status';
import { currentLevel, pendingSigners, signedPrincipals } from './machine';
import type { CertificateState } from './types';
import type { CertificateListCard } from './views';

export function listCardOf(s: CertificateState): CertificateListCard {
  const cur = currentLevel(s);
  return {
    _id: s.id,
    approvalNumber: s.approvalNumber,
    approvalName: s.approvalName,
    priority: s.priority,
    status: s.status,
    displayStatus: displayStatus(s.status, s.overdue),
    overdue: s.overdue,
    stageLevel: s.stage,
    deadline: s.deadline ?? '',
    levelDue: cur?.deadline ?? null,
    docType: s.approvalDoc?.docType ?? null,
    currentGroup: cur?.group ?? null,
    // who acts next: the level's signers still to sign, or, sent back, the submitter who updates and resubmits
    assignees: s.status === 'rejected' ? [s.submitter.name] : cur ? pendingSigners(s, cur).map((x) => x.name) : [],
    approvalLevels: [...s.levels]
      .sort((a, b) => a.level - b.level)
      .map((l) => ({ level: l.level, group: l.group, status: l.status, signatures: l.signatures, signedCount: signedPrincipals(l).size })),
  };
}
