/** Deletes a template of the caller's company; another company's answers NOT_FOUND. */
import { AppError } from '@grain/domain';
import type { Caller, CertificateCommandDeps } from './command-deps';

export async function removeTemplate({ caller, templateId }: { caller: Caller; templateId: string }, { stores }: CertificateCommandDeps): Promise<void> {
  if (!(await stores.templates.remove(caller.companyId, templateId))) throw new AppError('NOT_FOUND');
}
