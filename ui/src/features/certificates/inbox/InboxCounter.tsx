import { useCallback, useEffect } from 'react';
import { useAuth } from '../../../app';
import { useTabBadges } from '../../../app/tab-badges';
import { certificatesApi } from '../api';
import { useCertificateLive } from '../live';

/**
 * Keeps the "Waiting for me" tab's count current: what waits for my own signature, nothing else (a
 * manager's team's late work is listed on the page under its own heading, not counted here), on load
 * and whenever a certificate changes.
 */
export function InboxCounter() {
  const { user, can } = useAuth();
  const { setBadge } = useTabBadges();
  // the tab shows for those who sign (navigation.ts)
  const active = !!user?.companyId && can('signApproval') && can('viewApproval');
  const refresh = useCallback(() => {
    if (!active) return;
    certificatesApi.inbox().then(
      (a) => setBadge('inbox', a.count),
      () => undefined, // a count is a hint; the page itself says what went wrong
    );
  }, [active, setBadge]);
  useEffect(refresh, [refresh]);
  useCertificateLive(refresh);
  return null;
}
