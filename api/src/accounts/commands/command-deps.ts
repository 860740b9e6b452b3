import type { Actor, Language } from '@grain/domain';
import type { Adapters, AppConfig } from '@grain/adapters';
import type { Stores } from '@grain/persistence';
import type { CallOrigin } from '../../http/access';

/** What every accounts use case works with. */
export interface AccountCommandDeps {
  stores: Stores;
  /** The notices and links (password reset, e-mail change, an admin's change) go out by mail. */
  adapters: Pick<Adapters, 'mail'>;
  /** The public address (the links mailed) and the CA key secret (digital signatures). */
  config: Pick<AppConfig, 'publicUrl' | 'caKeySecret'>;
}

/** Where a call came from: the audit log names it, and the sign-in throttle counts by its address. */
export interface AccountOrigin extends CallOrigin {
  ip: string;
  userAgent?: string;
  /** The caller's language: the form's country before a company has an address, the texts mailed. */
  lang: Language;
}

/** A signed-in caller: permissions (admin, group), their own address, where from, and their session. */
export interface AccountCaller {
  access: Actor;
  email: string;
  origin: AccountOrigin;
  /** The session the call came with (a password change keeps it and ends the others). */
  sessionToken?: string;
}
