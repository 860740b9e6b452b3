import { listCardOf, signedPrincipals, type CertificateState, type LevelStatus } from '@grain/domain';

/** A certificate of the managers' overdue dashboard: the row and its current level (CertificateStore.inFlightLevels). */
export interface InFlightLevel {
  id: string;
  approvalNumber: string;
  approvalName: string;
  overdue: boolean;
  level: number;
  group: string;
  status: LevelStatus;
  deadline: string | null;
}

/**
 * The list card as stored in `certificates.list_card` with every write of the row: the domain's card
 * (listCardOf) as JSON text, which the list answers without parsing it.
 */
export const listCardText = (s: CertificateState): string => JSON.stringify(listCardOf(s));

export function levelRows(s: CertificateState) {
  return s.levels.map((l) => ({
    certificate_id: s.id,
    level: l.level,
    level_id: l.id,
    group_name: l.group,
    status: l.status,
    signatures: l.signatures,
    signed_count: signedPrincipals(l).size,
    deadline: l.deadline || null,
    overdue: l.overdue,
    signer_ids: l.signers.map((x) => x.id),
    signed_ids: l.signed.map((x) => x.userId),
    signers: JSON.stringify(l.signers),
    signed: JSON.stringify(l.signed),
    comments: JSON.stringify(l.comments),
  }));
}
