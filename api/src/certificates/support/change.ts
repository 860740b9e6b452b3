import type { UpdateDefinition } from '@temporalio/client';
import type { CertificateState } from '@grain/domain';
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
