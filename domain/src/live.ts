/**
 * The live channel's messages about certificates and corrective actions: their names and what they
 * carry, written once for whoever publishes them (the read-model activities, the API for drafts and new
 * actions) and whoever follows them (the pages). A message names what changed and its version, never
 * its content: a page that hears it loads the object through the API, with the caller's permissions.
 * Compliance's messages are COMPLIANCE_LIVE_TYPES (compliance/compliance-kinds.ts).
 */
import type { CertificateState } from './certificate/types';
import type { CorrectiveActionState } from './corrective-actions/types';

/** A message for the live channel: to the company (its members who may see it) or to one user. */
export interface LivePublication<T extends string = string, D = unknown> {
  companyId: string;
  /** Only this user; absent: every member of the company whose permissions let them see it. */
  userId?: string;
  type: T;
  data: D;
}

export const CERTIFICATE_LIVE_TYPE = 'certificate_update';

export interface CertificateLiveData {
  id: string;
  approvalNumber: string;
  /** The status, or `deleted` when a draft was deleted. */
  status: string;
  stage: number;
  overdue: boolean;
  version: number;
}

/** A certificate changed (to the company's viewers of certificates). */
export function certificateLiveMessage(
  s: Pick<CertificateState, 'id' | 'companyId' | 'approvalNumber' | 'status' | 'stage' | 'overdue' | 'version'>,
  status: string = s.status,
): LivePublication<typeof CERTIFICATE_LIVE_TYPE, CertificateLiveData> {
  return {
    companyId: s.companyId,
    type: CERTIFICATE_LIVE_TYPE,
    data: { id: s.id, approvalNumber: s.approvalNumber, status, stage: s.stage, overdue: s.overdue, version: s.version },
  };
}

export const CORRECTIVE_ACTION_LIVE_TYPE = 'corrective_action_update';

export interface CorrectiveActionLiveData {
  id: string;
  status: string;
  version: number;
}

/**
 * A corrective action changed: to the company's viewers of actions, and to its owner, who may see their
 * own action without that permission (the page shows it to them).
 */
export function correctiveActionLiveMessages(
  s: Pick<CorrectiveActionState, 'id' | 'companyId' | 'status' | 'version' | 'owner'>,
): Array<LivePublication<typeof CORRECTIVE_ACTION_LIVE_TYPE, CorrectiveActionLiveData>> {
  const data = { id: s.id, status: s.status, version: s.version };
  return [
    { companyId: s.companyId, type: CORRECTIVE_ACTION_LIVE_TYPE, data },
    { companyId: s.companyId, userId: s.owner.id, type: CORRECTIVE_ACTION_LIVE_TYPE, data },
  ];
}
