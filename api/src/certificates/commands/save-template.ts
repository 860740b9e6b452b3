/** Saves a certificate template; every signer it names must be an active user of the caller's company. */
import { refId, type TemplateRequest } from '@grain/domain';
import type { ApprovalTemplate } from '@grain/persistence';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { resolveSigners } from '../support/resolve-input';

export async function saveTemplate(
  { caller, input }: { caller: Caller; input: TemplateRequest },
  { stores }: CertificateCommandDeps,
): Promise<ApprovalTemplate> {
  const levels = [];
  for (const l of input.approvalLevels) {
    levels.push({
      group: l.group,
      signatures: l.signatures,
      dueInDays: l.dueInDays,
      signers: await resolveSigners(stores, caller.companyId, l.signers.map(refId)),
    });
  }
  const by = { id: caller.actor.id, name: caller.actor.name };
  return stores.templates.save(caller.companyId, by, { approvalName: input.approvalName, priority: input.priority, levels });
}
