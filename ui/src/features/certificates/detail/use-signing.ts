import { useEffect, useState } from 'react';
import { OTP_DEFAULT_TTL_MS, type CertificateView } from '@grain/domain';
import { ApiError } from '../../../api/client';
import { certificatesApi } from '../api';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app';
import { passkeysSupported, promptRefusal, signingAssertion } from '../../passkeys/api';

/** How a signature was given: the platform's passkey prompt, or the e-mailed code (the fallback). */
export type SignedBy = 'passkey' | 'code';

/** Seconds before another code may be asked for (the server limits code requests too, and says so). */
const RESEND_AFTER_S = 30;

/**
 * When this tab last had a code mailed, per level and content (sessionStorage, so the sign link opened
 * again from the mail counts too): re-opening the dialog while that code is still good does not mail
 * another (each counts toward the server's limit per level, and a new code makes the older one stop
 * working). A code spent on a signature is forgotten.
 */
const codeSentAt = {
  key: (approval: CertificateView, levelId: string) => `grain.codeSent.${approval._id}.${levelId}.${approval.contentHash}`,
  get: (key: string): number | undefined => Number(sessionStorage.getItem(key)) || undefined,
  set: (key: string, at: number) => sessionStorage.setItem(key, String(at)),
  delete: (key: string) => sessionStorage.removeItem(key),
};

/** No answer in time: the server may already have spent the code (and may still apply the signature). */
const NO_ANSWER = new Set(['APPROVAL_SERVICE_BUSY', 'REQUEST_TIMEOUT']);

/**
 * The sign dialog's state and calls: opening asks the server to mail a one-time code (the dialog opens
 * either way, docs/spec/approvals.md §7), a new code after RESEND_AFTER_S, and the sign call with the
 * note, the code and the digital signature's password. A refusal is kept with its code, so the field it
 * names is marked; what was typed stays.
 *
 * A signer with a passkey signs with it: no code is mailed, the button runs the platform's prompt over a
 * challenge bound to the content hash shown; "use an e-mailed code instead" falls back to the code.
 */
export function useSigning(approval: CertificateView, open: boolean, onSigned: (a: CertificateView, by: SignedBy) => void) {
  const { t } = useI18n();
  const level = approval.approvalLevels.find((l) => l.level === approval.stageLevel);
  const [note, setNote] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [info, setInfo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);
  const withPasskey = !!approval.can?.passkey && passkeysSupported();
  const [mode, setMode] = useState<SignedBy>(withPasskey ? 'passkey' : 'code');
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const requestCode = async () => {
    if (!level) return;
    setError(null);
    setWait(RESEND_AFTER_S);
    try {
      const r = await certificatesApi.requestOtp(level._id, approval._id);
      codeSentAt.set(codeSentAt.key(approval, level._id), Date.now());
      setInfo(r.invalidMsg || t('OTP_SENT'));
    } catch (e) {
      setError(errorText(e, t));
    }
  };
  /** On opening: a code already mailed for this level and content and still good is the one to type. */
  const requestCodeUnlessSent = () => {
    const sent = level ? codeSentAt.get(codeSentAt.key(approval, level._id)) : undefined;
    if (sent === undefined || Date.now() - sent >= OTP_DEFAULT_TTL_MS) return void requestCode();
    setInfo(t('OTP_SENT'));
    setWait(Math.max(0, RESEND_AFTER_S - Math.floor((Date.now() - sent) / 1000)));
  };
  useEffect(() => {
    if (open) {
      setOtp('');
      setNote('');
      setPassword('');
      setInfo(null);
      setError(null);
      setErrorCode(null);
      setMode(withPasskey ? 'passkey' : 'code');
      if (!withPasskey) requestCodeUnlessSent();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const switchToCode = () => {
    setMode('code');
    setError(null);
    setErrorCode(null);
    if (!info) requestCodeUnlessSent();
  };
  const switchToPasskey = () => {
    setMode('passkey');
    setError(null);
    setErrorCode(null);
  };

  const signWithPasskey = async () => {
    if (!level) return;
    setBusy(true);
    setError(null);
    setErrorCode(null);
    try {
      const passkey = await signingAssertion(level._id, approval._id, approval.contentHash);
      const r = await certificatesApi.sign(level._id, { approval: approval._id, passkey, note: note.trim() || undefined });
      onSigned(r.approval, 'passkey');
    } catch (e) {
      const prompt = promptRefusal(e);
      setError(prompt ? t(prompt) : errorText(e, t));
      setErrorCode(e instanceof ApiError ? e.code : prompt);
    } finally {
      setBusy(false);
    }
  };

  const sign = async () => {
    if (!level) return;
    if (mode === 'passkey') return signWithPasskey();
    if (!otp.trim()) {
      setErrorCode('OTP_REQUIRED');
      return setError(t('OTP_REQUIRED'));
    }
    setBusy(true);
    setError(null);
    setErrorCode(null);
    try {
      const r = await certificatesApi.sign(level._id, {
        approval: approval._id,
        otp: otp.trim(),
        note: note.trim() || undefined,
        signaturePassword: password || undefined,
      });
      codeSentAt.delete(codeSentAt.key(approval, level._id));
      onSigned(r.approval, 'code');
    } catch (e) {
      setError(errorText(e, t));
      setErrorCode(e instanceof ApiError ? e.code : null);
      // Note and code stay as typed; the server checks (and so spends) the code before it waits.
      if (e instanceof ApiError && NO_ANSWER.has(e.code)) setInfo(t('cert.codeSpentRetry'));
    } finally {
      setBusy(false);
    }
  };
  const fields = { note, setNote, otp, setOtp, password, setPassword, info };
  const refusal = { error, codeWrong: !!errorCode && errorCode.startsWith('OTP_'), passwordWrong: errorCode === 'SIGNATURE_PASSWORD_WRONG' };
  return { fields, refusal, busy, wait, requestCode, sign, mode, withPasskey, switchToCode, switchToPasskey };
}

export type Signing = ReturnType<typeof useSigning>;
