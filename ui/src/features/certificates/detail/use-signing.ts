import { useEffect, useState } from 'react';
import type { CertificateView } from '@grain/domain';
import { ApiError } from '../../../api/client';
import { certificatesApi } from '../api';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app';
import { passkeysSupported, promptRefusal, signingAssertion } from '../../passkeys/api';

/** How a signature was given: the platform's passkey prompt, or the e-mailed code (the fallback). */
export type SignedBy = 'passkey' | 'code';

/** Seconds before another code may be asked for (the server limits code requests too, and says so). */
const RESEND_AFTER_S = 30;

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
      setInfo(r.invalidMsg || t('OTP_SENT'));
    } catch (e) {
      setError(errorText(e, t));
    }
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
      if (!withPasskey) void requestCode();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const switchToCode = () => {
    setMode('code');
    setError(null);
    setErrorCode(null);
    if (!info) void requestCode();
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
