import { useEffect, useState } from 'react';
import type { CertificateView } from '@grain/domain';
import { ApiError } from '../../../api/client';
import { certificatesApi } from '../api';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app';
import { passkeysSupported, promptRefusal, signingAssertion } from '../../passkeys/api';
import { useMailedCode } from './use-mailed-code';

/** How a signature was given: the platform's passkey prompt, or the e-mailed code (the fallback). */
export type SignedBy = 'passkey' | 'code';

/** No answer in time: the server may already have spent the code (and may still apply the signature). */
const NO_ANSWER = new Set(['APPROVAL_SERVICE_BUSY', 'REQUEST_TIMEOUT']);

/** What the signer types: a note, the e-mailed code and the digital signature's password; cleared on opening. */
function useTypedFields() {
  const [note, setNote] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const clear = () => {
    setOtp('');
    setNote('');
    setPassword('');
  };
  return { note, setNote, otp, setOtp, password, setPassword, clear };
}
type TypedFields = ReturnType<typeof useTypedFields>;

/** A refusal: its text, and its code (kept so the field it names is marked). */
function useRefusal() {
  const [error, setError] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const refuse = (text: string | null, code: string | null) => {
    setError(text);
    setErrorCode(code);
  };
  const view = { error, codeWrong: !!errorCode && errorCode.startsWith('OTP_'), passwordWrong: errorCode === 'SIGNATURE_PASSWORD_WRONG' };
  return { view, setError, refuse, clear: () => refuse(null, null) };
}
type Refusal = ReturnType<typeof useRefusal>;

/**
 * The two sign calls: with the passkey (the platform's prompt over a challenge bound to the content hash
 * shown), or with the e-mailed code and the signature's password. What was typed stays after a refusal.
 */
function useSignCalls(
  approval: CertificateView,
  levelId: string | undefined,
  typed: TypedFields,
  refusal: Refusal,
  code: ReturnType<typeof useMailedCode>,
  onSigned: (a: CertificateView, by: SignedBy) => void,
) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const calling = async (call: (levelId: string) => Promise<void>, refused: (e: unknown) => void) => {
    if (!levelId) return;
    setBusy(true);
    refusal.clear();
    try {
      await call(levelId);
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  };
  const note = () => typed.note.trim() || undefined;

  const signWithPasskey = () =>
    calling(
      async (levelId) => {
        const passkey = await signingAssertion(levelId, approval._id, approval.contentHash);
        const r = await certificatesApi.sign(levelId, { approval: approval._id, passkey, note: note() });
        onSigned(r.approval, 'passkey');
      },
      (e) => {
        const prompt = promptRefusal(e);
        refusal.refuse(prompt ? t(prompt) : errorText(e, t), e instanceof ApiError ? e.code : prompt);
      },
    );

  const signWithCode = () =>
    calling(
      async (levelId) => {
        const body = { approval: approval._id, otp: typed.otp.trim(), note: note(), signaturePassword: typed.password || undefined };
        const r = await certificatesApi.sign(levelId, body);
        code.forget();
        onSigned(r.approval, 'code');
      },
      (e) => {
        refusal.refuse(errorText(e, t), e instanceof ApiError ? e.code : null);
        // Note and code stay as typed; the server checks (and so spends) the code before it waits.
        if (e instanceof ApiError && NO_ANSWER.has(e.code)) code.setInfo(t('cert.codeSpentRetry'));
      },
    );
  return { busy, signWithPasskey, signWithCode };
}

/**
 * The sign dialog's state and calls: opening asks the server to mail a one-time code (the dialog opens
 * either way, docs/spec/approvals.md §7), a new code after a pause (use-mailed-code.ts), and the sign
 * call with the note, the code and the digital signature's password. A refusal is kept with its code, so
 * the field it names is marked; what was typed stays.
 *
 * A signer with a passkey signs with it: no code is mailed, the button runs the platform's prompt over a
 * challenge bound to the content hash shown; "use an e-mailed code instead" falls back to the code.
 */
export function useSigning(approval: CertificateView, open: boolean, onSigned: (a: CertificateView, by: SignedBy) => void) {
  const { t } = useI18n();
  const level = approval.approvalLevels.find((l) => l.level === approval.stageLevel);
  const typed = useTypedFields();
  const refusal = useRefusal();
  const code = useMailedCode(approval, level?._id, refusal.setError);
  const calls = useSignCalls(approval, level?._id, typed, refusal, code, onSigned);
  const withPasskey = !!approval.can?.passkey && passkeysSupported();
  const [mode, setMode] = useState<SignedBy>(withPasskey ? 'passkey' : 'code');
  useEffect(() => {
    if (open) {
      typed.clear();
      code.setInfo(null);
      refusal.clear();
      setMode(withPasskey ? 'passkey' : 'code');
      if (!withPasskey) code.requestCodeUnlessSent();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const switchToCode = () => {
    setMode('code');
    refusal.clear();
    if (!code.info) code.requestCodeUnlessSent();
  };
  const switchToPasskey = () => {
    setMode('passkey');
    refusal.clear();
  };
  const sign = async () => {
    if (!level) return;
    if (mode === 'passkey') return calls.signWithPasskey();
    if (!typed.otp.trim()) return refusal.refuse(t('OTP_REQUIRED'), 'OTP_REQUIRED');
    return calls.signWithCode();
  };
  const { note, setNote, otp, setOtp, password, setPassword } = typed;
  const fields = { note, setNote, otp, setOtp, password, setPassword, info: code.info };
  return {
    fields,
    refusal: refusal.view,
    busy: calls.busy,
    wait: code.wait,
    requestCode: code.requestCode,
    sign,
    mode,
    withPasskey,
    switchToCode,
    switchToPasskey,
  };
}

export type Signing = ReturnType<typeof useSigning>;
