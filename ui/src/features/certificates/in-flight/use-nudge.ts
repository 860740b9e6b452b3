import { useCallback, useState } from 'react';
import type { CertificateView, NudgeTarget } from '@grain/domain';
import { certificatesApi } from '../api';
import { useI18n } from '../../../i18n/i18n';
import { useNotify } from '../../../app';

/**
 * Sends a reminder to the pending signers, or an escalation to the managers, now; says so, or says why
 * not (at most once an hour per level each). `busy` names the one on its way.
 */
export function useNudge(onDone?: (a: CertificateView) => void) {
  const { t } = useI18n();
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const nudge = useCallback(
    async (certificateId: string, to: NudgeTarget) => {
      setBusy(`${certificateId}:${to}`);
      try {
        const r = await certificatesApi.remind(certificateId, to);
        notify.success(t(to === 'signers' ? 'cert.inFlight.reminded' : 'cert.inFlight.escalated'));
        onDone?.(r.approval);
      } catch (e) {
        notify.error(e);
      } finally {
        setBusy(null);
      }
    },
    [notify, onDone, t],
  );
  return { nudge, busy };
}
