import { COMPLIANCE_KINDS, type ComplianceKind } from '@grain/domain';

/** The four sections in the spec's screen order, with their translation key part. */
export const SECTIONS: Array<{ key: 'establishment' | 'haccp' | 'pest' | 'management'; kind: ComplianceKind }> = [
  { key: 'establishment', kind: COMPLIANCE_KINDS[0] },
  { key: 'haccp', kind: COMPLIANCE_KINDS[1] },
  { key: 'pest', kind: COMPLIANCE_KINDS[3] },
  { key: 'management', kind: COMPLIANCE_KINDS[2] },
];
export const UPLOAD_LIVE_TYPES = COMPLIANCE_KINDS.map((k) => k.liveType);
