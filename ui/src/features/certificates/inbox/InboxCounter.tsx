import { useCallback, useEffect } from 'react';
import { useAuth } from '../../../app';
import { useTabBadges } from '../../../app/tab-badges';
import { certificatesApi } from '../api';
import { useCertificateLive } from '../live';

/**
 * Keeps the "Waiting for me" tab's count current (what waits for my signature, and for a manager what
 * their team let run late): on load, and whenever a certificate changes.
 */
export function InboxCounter() {
  const { user, can } = useAuth();
  const { setBadge } = useTabBadges();
  // the tab shows for those who sign (navigation.ts); a manager's team count rides on it
  const active = !!user?.companyId && can('signApproval') && can('viewApproval');
  const refresh = useCallback(() => {
    if (!active) return;
    certificatesApi.inbox().then(
      (a) => setBadge('inbox', a.count + (a.teamOverdueCount ?? 0)),
      () => undefined, // a count is a hint; the page itself says what went wrong
    );
  }, [active, setBadge]);
  useEffect(refresh, [refresh]);
  useCertificateLive(refresh);
  return null;
}
