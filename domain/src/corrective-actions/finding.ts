/** From an audit report to an action's finding and farm. */
import type { AuditItem } from '../compliance/report';
import { farmerInfoOf } from '../compliance/summaries';
import type { ActionFarm, ActionFinding } from './types';

/** References to regulations and schemes the requirements name (Codex, TCVN/QCVN, ISO, the GMP+ / HACCP schemes). */
const POLICY_REF =
  /\b(Codex\s+[A-Z]{2,4}\s*[\d-]+(?:-\d{4})?|(?:TCVN|QCVN)\s*[\d:/.-]+(?:[A-Z/]*[\d:]*)?|ISO\s*\d{3,5}(?::\d{4})?|Circular\s+\d+\/\d{4}\/[A-Z-]+|Decree\s+\d+\/\d{4}\/[A-Z-]+)/i;

export function policyRefOf(requirement: string): string | null {
  return POLICY_REF.exec(requirement)?.[1]?.trim() ?? null;
}

export function findingOf(complianceId: string, checkIndex: number, item: AuditItem): ActionFinding {
  return {
    complianceId,
    checkIndex,
    check: item.compliance_check_item,
    result: item.result,
    requirement: item.requirement,
    evidence: item.evidence,
    recommendations: item.recommendations,
    policyRef: policyRefOf(item.requirement),
    flagged: item.result === 'Compliant',
  };
}

/**
 * The farm an audit was of, read from its establishment document: the registration number names it
 * (a later audit of the same farm has the same one), else its name; '' when neither is given.
 */
export function farmOfEstablishment(summary: unknown): ActionFarm {
  const info = farmerInfoOf(summary);
  const s = (typeof summary === 'object' && summary ? summary : {}) as { establishment_registration_document?: { registration_number?: unknown } };
  const reg =
    typeof s.establishment_registration_document?.registration_number === 'string' ? s.establishment_registration_document.registration_number.trim() : '';
  const name = info.name.trim();
  return { key: (reg || name).toLowerCase().replace(/\s+/g, ' '), name: name || reg };
}
