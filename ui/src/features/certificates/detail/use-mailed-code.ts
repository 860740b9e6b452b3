import { useEffect, useState } from 'react';
import { OTP_DEFAULT_TTL_MS, type CertificateView } from '@grain/domain';
import { certificatesApi } from '../api';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app';

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

/** Seconds left before another code may be asked for, counting down to 0 once a second. */
function useCountdown() {
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  return [wait, setWait] as const;
}

/**
 * The one-time code mailed for the level being signed: asking the server to mail one (another after
 * RESEND_AFTER_S), or - on opening - taking the one already mailed while it is still good. `info` says
 * a code is on its way (or what to do next); a failed request is reported through `onError`.
 */
export function useMailedCode(approval: CertificateView, levelId: string | undefined, onError: (text: string | null) => void) {
  const { t } = useI18n();
  const [info, setInfo] = useState<string | null>(null);
  const [wait, setWait] = useCountdown();

  const requestCode = async () => {
    if (!levelId) return;
    onError(null);
    setWait(RESEND_AFTER_S);
    try {
      const r = await certificatesApi.requestOtp(levelId, approval._id);
      codeSentAt.set(codeSentAt.key(approval, levelId), Date.now());
      setInfo(r.invalidMsg || t('OTP_SENT'));
    } catch (e) {
      onError(errorText(e, t));
    }
  };
  /** On opening: a code already mailed for this level and content and still good is the one to type. */
  const requestCodeUnlessSent = () => {
    const sent = levelId ? codeSentAt.get(codeSentAt.key(approval, levelId)) : undefined;
    if (sent === undefined || Date.now() - sent >= OTP_DEFAULT_TTL_MS) return void requestCode();
    setInfo(t('OTP_SENT'));
    setWait(Math.max(0, RESEND_AFTER_S - Math.floor((Date.now() - sent) / 1000)));
  };
  /** The code was spent on a signature: the next opening mails a new one. */
  const forget = () => {
    if (levelId) codeSentAt.delete(codeSentAt.key(approval, levelId));
  };
  return { info, setInfo, wait, requestCode, requestCodeUnlessSent, forget };
}
