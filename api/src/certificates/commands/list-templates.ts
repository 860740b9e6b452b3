/** The company's certificate templates (the form's template bar, /views/template/list). */
import type { ApprovalTemplate } from '@grain/persistence';
import type { Caller, CertificateCommandDeps } from './command-deps';

export async function listTemplates({ caller }: { caller: Caller }, { stores }: CertificateCommandDeps): Promise<ApprovalTemplate[]> {
  return stores.templates.list(caller.companyId);
}
