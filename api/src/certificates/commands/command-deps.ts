import type { Actor, CommandActor } from '@grain/domain';
import type { MailSender } from '@grain/adapters';
import type { Stores } from '@grain/persistence';
import type { CertificateWorkflows } from '../certificate-workflows';

/** What every certificate use case works with: the stores, the certificate workflows, and where signing codes are mailed from. */
export interface CertificateCommandDeps {
  stores: Stores;
  workflows: CertificateWorkflows;
  /** The mail port and the app's address (the code mail's link): a code is mailed by the API at once. */
  signingCodeMail: { mail: MailSender; publicUrl: string };
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
