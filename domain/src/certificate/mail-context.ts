import type { CertificateMailContext } from './activity-contract';
import type { CertificateState } from './types';

/** What a certificate mail quotes: the certificate, and the level it concerns with its group and due time. */
export function certificateMailContext(s: CertificateState, level: number): CertificateMailContext {
  const l = s.levels[level - 1];
  return { certificateId: s.id, approvalNumber: s.approvalNumber, approvalName: s.approvalName, level, group: l?.group, deadline: l?.deadline };
}
