import type { Actor, CommandActor } from '@grain/domain';
import type { Stores } from '@grain/persistence';
import type { CertificateWorkflows } from '../certificate-workflows';

/** What every certificate use case works with: the stores and the certificate workflows. */
export interface CertificateCommandDeps {
  stores: Stores;
  workflows: CertificateWorkflows;
}

/** Who calls a use case. */
export interface Caller {
  /** The caller as the certificate machine knows them. */
  actor: CommandActor;
  /** Role and permissions, for the checks made before the machine is asked. */
  access: Actor;
  /** The caller's company: a certificate of another company is answered as missing. */
  companyId: string;
}
