/**
 * Passkeys in the browser: enrol one (the platform's own prompt makes the key; the server checks and
 * keeps its public key) and answer a signing challenge with it (@simplewebauthn/browser).
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type {
  OkAnswer,
  PasskeyAnswer,
  SignedInAnswer,
  PasskeyAssertionInput,
  PasskeyChallengeAnswer,
  PasskeyListAnswer,
  PasskeyOptionsAnswer,
} from '@grain/domain';
import { api } from '../../api/client';

const enc = encodeURIComponent;

export const passkeysApi = {
  list: () => api<PasskeyListAnswer>('company/passkeys'),
  remove: (id: string) => api<OkAnswer>(`company/passkeys/${enc(id)}/delete`, { method: 'POST', body: {} }),
  /** A challenge over the content hash the signer is shown (refused when the certificate changed since). */
  challenge: (levelId: string, approval: string, contentHash: string) =>
    api<PasskeyChallengeAnswer>(`company/approvallevel/${enc(levelId)}/passkey`, { method: 'POST', body: { approval, contentHash } }),
};

/** Whether this browser can use passkeys at all (a secure page and the WebAuthn API). */
export const passkeysSupported = () => typeof window !== 'undefined' && window.isSecureContext && browserSupportsWebAuthn();

/** Enrols a passkey on this device: the server's options, the platform's prompt, the server's check. */
export async function enrolPasskey(name: string): Promise<PasskeyAnswer> {
  const { options } = await api<PasskeyOptionsAnswer>('company/passkeys/options', { method: 'POST', body: {} });
  const response = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return api<PasskeyAnswer>('company/passkeys', { method: 'POST', body: { name, response } });
}

/** The platform's prompt over a signing challenge for the level: the assertion the sign call carries. */
export async function signingAssertion(levelId: string, approval: string, contentHash: string): Promise<PasskeyAssertionInput> {
  const ch = await passkeysApi.challenge(levelId, approval, contentHash);
  const response = await startAuthentication({ optionsJSON: ch.options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return { challengeId: ch.challengeId, response: response as unknown as PasskeyAssertionInput['response'] };
}

/** The browser's refusal of a prompt (closed, timed out, no matching passkey here) as a text code of passkeys/i18n.ts. */
export function promptRefusal(e: unknown): string | null {
  const name = (e as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'passkey.promptClosed';
  if (name === 'InvalidStateError') return 'passkey.alreadyHere';
  if (name === 'SecurityError' || name === 'NotSupportedError') return 'passkey.unsupported';
  return null;
}

/** Signs in with a passkey this device holds for the site: the platform's prompt names the account. */
export async function passkeySignIn(): Promise<SignedInAnswer> {
  const { options } = await api<PasskeyOptionsAnswer>('auth/passkey/options', { method: 'POST', body: {} });
  const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return api<SignedInAnswer>('auth/passkey', { method: 'POST', body: { response } });
}
