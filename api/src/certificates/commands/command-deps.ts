import type { Actor, CommandActor } from '@grain/domain';
import type { AppConfig, DidWebResolver, FileStorage, Ledger, MailSender, TimestampAuthority } from '@grain/adapters';
import type { Stores } from '@grain/persistence';
import type { CertificateWorkflows } from '../certificate-workflows';
import type { RelyingParty } from '../../passkeys/webauthn';

/**
 * What every certificate use case works with: the stores, the certificate workflows, the ledger (the
 * revocation record, the completion anchor), the file storage (the issued PDF, held evidence), where
 * signing codes are mailed from, and the settings the answers name (the public address, the CA key
 * secret, the platform's operators and their Temporal UI).
 */
export interface CertificateCommandDeps {
  stores: Stores;
  workflows: CertificateWorkflows;
  ledger: Ledger;
  storage: FileStorage;
  /** This server as the passkeys know it (PUBLIC_URL): a passkey's assertion names it. */
  relyingParty: RelyingParty;
  /** The mail port and the app's address (the code mail's link): a code is mailed by the API at once. */
  signingCodeMail: { mail: MailSender; publicUrl: string };
  /** Reads an issuer's DID document on its own domain (the public check's out-of-band anchor). */
  didWeb: Pick<DidWebResolver, 'anchor'>;
  /** The TSA that dates every seal: the public check trusts a seal's time when this TSA's certificate signed it. */
  tsa: Pick<TimestampAuthority, 'certificatePems'>;
  config: Pick<AppConfig, 'publicUrl' | 'caKeySecret' | 'temporalUiUrl' | 'temporalNamespace' | 'platformOperators' | 'statusListMaxAgeSeconds'>;
}

/** Who calls a use case. */
export interface Caller {
  /** The caller as the certificate machine knows them (and the workflow's history carries them: domain's commandActor). */
  actor: CommandActor;
  /** The caller's e-mail (a draft's submitter), never sent to the workflow. */
  email: string;
  /** Role and permissions, for the checks made before the machine is asked. */
  access: Actor;
  /** The caller's company: a certificate of another company is answered as missing. */
  companyId: string;
}
