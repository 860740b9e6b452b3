/** Anyone signed in can check who signed what: the data, the signature and its certificate. */
import type { SignatureVerification } from '@grain/domain';
import type { AccountCommandDeps } from './command-deps';

export async function verifySignature(
  input: { data: Buffer; signature: string; certificatePem: string },
  { stores }: AccountCommandDeps,
): Promise<SignatureVerification> {
  return stores.signatures.verify(input);
}
