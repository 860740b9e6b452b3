import type { Actor } from '@grain/domain';
import type { Adapters } from '@grain/adapters';
import type { Stores } from '@grain/persistence';
import type { CallOrigin } from '../../http/access';
import type { ComplianceWorkflows } from '../compliance-workflows';

/** What every compliance use case works with. */
export interface ComplianceCommandDeps {
  stores: Stores;
  workflows: ComplianceWorkflows;
  /** File storage (the uploaded documents), the PDF renderer (the report) and the auditor's name. */
  adapters: Pick<Adapters, 'storage' | 'pdf' | 'ai'>;
}

/** Who calls a use case: permissions for the checks, the company everything is scoped to, and where from (a refusal is logged). */
export interface ComplianceCaller {
  access: Actor;
  companyId: string;
  email?: string;
  origin: CallOrigin;
}
