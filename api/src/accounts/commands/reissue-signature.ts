/**
 * Replaces one's own current key (editInfo) with a new one (new id and GUID); it needs the current key's
 * password, so whoever holds only the session cannot replace the key. The replaced key is kept (retired)
 * so what it signed still verifies.
 */
import { AppError } from '@grain/domain';
import type { SignatureRow } from '@grain/persistence';
import { holding, refuse } from '../support/access';
import { signatureOfCompany, signatureOwner } from '../support/signature-owner';
import type { AccountCaller, AccountCommandDeps } from './command-deps';

export interface ReissueSignatureOptions {
  caller: AccountCaller;
  signatureId: string;
  oldPassword?: string;
  password: string;
  effectiveDate?: string;
}

export async function reissueSignature(o: ReissueSignatureOptions, { stores, config }: AccountCommandDeps): Promise<SignatureRow> {
  await holding(stores, o.caller, 'editInfo');
  const s = await signatureOfCompany(stores, o.caller, o.signatureId);
  if (s.userId !== o.caller.access.id) await refuse(stores, o.caller, { reason: 'signature of another user', signature: s.id });
  if (s.retiredAt) throw new AppError('NOT_FOUND');
  if (!o.oldPassword) throw new AppError('SIGNATURE_PASSWORD_WRONG');
  return stores.signatures.reissue(
    await signatureOwner(stores, o.caller),
    s.id,
    o.oldPassword,
    o.password,
    o.effectiveDate || s.effectiveDate,
    config.caKeySecret,
  );
}
