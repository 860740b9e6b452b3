import { featureRouter } from '../http/params';
import type { Feature } from '../http/feature';
import { createPasskeyRouter } from './passkey-router';

/** Passkeys: a signer's WebAuthn credentials, enrolled once and used to sign (certificates/commands/sign.ts). */
export const passkeysFeature: Feature = {
  apiPaths: ['company/passkeys'],
  mount: (deps) => {
    const r = featureRouter();
    r.use(createPasskeyRouter(deps));
    return { api: r };
  },
};
