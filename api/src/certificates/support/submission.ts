/**
 * Submit and resubmit: the checks the API can make before the workflow acts (the grain image, then the
 * machine's own), then the workflow start or Update. The workflow owns the certificate after submit.
 */
import {
  AppError,
  assertFarmRecordFree,
  isIdentityVerified,
  transition,
  type CertificateChanges,
  type CertificateDraft,
  type CertificateState,
} from '@grain/domain';
import type { Stores } from '@grain/persistence';
import type { Caller, CertificateCommandDeps } from '../commands/command-deps';
import { assertDeviationExplained } from './standard-check';

/**
 * The one gate before a certificate goes (back) to its signers: a draft being submitted, or a rejected
 * certificate being resubmitted with `changes`. The grain image is judged first on the content that will
 * be signed, then the machine runs the very command on a copy, so submit and resubmit refuse alike.
 */
export async function assertSubmittable(stores: Stores, caller: Caller, s: CertificateState, changes?: CertificateChanges): Promise<void> {
  // A company issues only once the platform's operator verified who it is (issue 26 item 6); its drafts wait.
  const company = await stores.companies.byId(s.companyId);
  if (!company || !isIdentityVerified(company, company.identity)) throw new AppError('ISSUER_UNVERIFIED');
  const doc = changes?.approvalDoc !== undefined ? changes.approvalDoc : s.approvalDoc;
  if (!doc || !(await stores.farmData.isImageVerified(s.companyId, doc.id))) throw new AppError('IMAGE_VALIDATION_REQUIRED');
  assertFarmRecordFree(await stores.certificates.farmRecordUses(s.companyId, doc.id), s.id);
  assertDeviationExplained(doc);
  const at = new Date().toISOString();
  transition(s, s.status === 'created' ? { type: 'submit', actor: caller.actor, at } : { type: 'resubmit', actor: caller.actor, at, changes });
}

/** The saved draft as the workflow takes it (it builds the certificate from this itself). */
const draftOf = (s: CertificateState): CertificateDraft => ({
  id: s.id,
  approvalNumber: s.approvalNumber,
  approvalName: s.approvalName,
  priority: s.priority,
  summary: s.summary,
  companyId: s.companyId,
  submitter: s.submitter,
  approvalDoc: s.approvalDoc,
  supportDocs: s.supportDocs,
  levels: s.levels.map((l) => ({ id: l.id, group: l.group, signers: l.signers, signatures: l.signatures, deadline: l.deadline })),
  reminders: s.reminders,
  escalateTo: s.escalateTo,
});

/**
 * After the workflow answered, wait (briefly) until the read model shows that version, so a list or
 * detail read right after a change sees it. The workflow writes the read model before an Update
 * answers; this matters only after start, which answers at once.
 */
async function awaitReadModel(stores: Stores, s: CertificateState, minVersion: number, timeoutMs = 10_000): Promise<CertificateState | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const stored = await stores.certificates.get(s.companyId, s.id);
    if (stored && stored.version >= minVersion && stored.state.status !== 'created') return stored.state;
    if (Date.now() > until) return stored?.state ?? null;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts the workflow of a saved draft that passed assertSubmittable; answers the submitted certificate. */
export async function startSubmitted(deps: CertificateCommandDeps, caller: Caller, draft: CertificateState): Promise<CertificateState> {
  const company = await deps.stores.companies.byId(draft.companyId);
  const workflowId = await deps.workflows.start({ certificate: draftOf(draft), submittedBy: caller.actor }, company?.name ?? '');
  const fromWorkflow = await deps.workflows.state({ workflowId });
  return (await awaitReadModel(deps.stores, draft, 1)) ?? fromWorkflow;
}
