import type { UpdateDefinition } from '@temporalio/client';
import type { CertificateState } from '@grain/domain';
import type { CertificateViewerFacts } from '@grain/persistence';
import type { CertificateChanged } from '@grain/workflows';
import type { CertificateCommandDeps } from '../commands/command-deps';

/**
 * Sends a change to the certificate's workflow and answers the certificate as the read model shows it
 * then: the workflow writes the read model before it answers, and answers only the version it wrote
 * (issue 29: no whole state in its history).
 */
export async function changeCertificate<A>(
  deps: CertificateCommandDeps,
  s: CertificateState,
  update: UpdateDefinition<CertificateChanged, [A]>,
  arg: A,
): Promise<CertificateState> {
  const { version } = await deps.workflows.update(s, update, arg);
  const stored = await deps.stores.certificates.get(s.companyId, s.id);
  if (stored && stored.version >= version) return stored.state;
  // not expected (the write precedes the answer): the workflow's own state then
  return deps.workflows.state(s);
}

/** A changed certificate with the facts its answer shows the caller, read with it. */
export interface ChangedForViewer {
  state: CertificateState;
  /** undefined when the read model did not show the change (then the workflow's state, facts read by the answer) */
  facts?: CertificateViewerFacts;
}

/**
 * changeCertificate for a caller who gets the certificate's answer: the changed certificate and the
 * facts its answer shows them come in one statement (issue 29: five round trips after every sign).
 */
export async function changeCertificateFor<A>(
  deps: CertificateCommandDeps,
  viewerId: string,
  s: CertificateState,
  update: UpdateDefinition<CertificateChanged, [A]>,
  arg: A,
): Promise<ChangedForViewer> {
  const { version } = await deps.workflows.update(s, update, arg);
  const read = await deps.stores.certificates.withViewerFacts(s.companyId, s.id, viewerId);
  if (read && read.stored.version >= version) return { state: read.stored.state, facts: read.facts };
  return { state: await deps.workflows.state(s) };
}
