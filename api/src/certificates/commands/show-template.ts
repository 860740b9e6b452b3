/** One template of the caller's company; another company's answers NOT_FOUND. */
import { AppError } from '@grain/domain';
import type { ApprovalTemplate } from '@grain/persistence';
import type { Caller, CertificateCommandDeps } from './command-deps';

export async function showTemplate(
  { caller, templateId }: { caller: Caller; templateId: string },
  { stores }: CertificateCommandDeps,
): Promise<ApprovalTemplate> {
  const t = await stores.templates.get(caller.companyId, templateId);
  if (!t) throw new AppError('NOT_FOUND');
  return t;
}
