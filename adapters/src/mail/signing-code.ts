import { certificateDetailPath, type CertificateMailContext, type OtpBinding, type Person } from '@grain/domain';
import type { OtpStore } from '@grain/persistence';
import type { MailSender } from './mail-sender';
import { mailTexts } from './certificate-mail-texts';

/** What a signer is told of a code just mailed to them (never the code). */
export interface SigningCodeSent {
  level: number;
  /** ISO time the code stops working. */
  expiresAt: string;
  /** The short content hash quoted in the mail, so the signer can see what they sign. */
  contentHashShort: string;
}

/**
 * Makes a signing code for the binding (CSPRNG; only its hash is stored) and mails it to the signer at
 * once: the code request of "Sign Now" (the API's request-code command, after its checks). The code is
 * never returned or logged. The sign that spends it is checked again where it counts: the workflow
 * redeems it against the certificate's level, signer and content of that moment.
 */
export async function mailSigningCode(
  deps: { otps: Pick<OtpStore, 'issue'>; mail: MailSender; publicUrl: string },
  a: { binding: OtpBinding; user: Person; ctx: CertificateMailContext; ttlMs?: number },
): Promise<SigningCodeSent> {
  const { code, expiresAt, otpId } = await deps.otps.issue(a.binding, a.ttlMs);
  const minutes = Math.max(1, Math.round((Date.parse(expiresAt) - Date.now()) / 60_000));
  const hashShort = a.binding.contentHash.slice(0, 12);
  const link = `${deps.publicUrl}${certificateDetailPath(a.binding.certificateId, { sign: true })}`;
  const text = mailTexts.otp({ ...a.ctx, link }, code, hashShort, minutes);
  await deps.mail.send({ to: a.user.email, subject: text.subject, text: text.text, html: text.html, messageId: `<otp-${otpId}@grain.certificates>` });
  return { level: a.binding.level, expiresAt, contentHashShort: hashShort };
}
