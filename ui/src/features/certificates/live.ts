import { useEffect, useRef } from 'react';

/**
 * Calls `onChange` when a certificate changes (all of the company's, or the one `id`). Interim:
 * polls every 10 s while the page is visible; replaced by the live channel once it lands.
 */
export function useCertificateLive(onChange: () => void, id?: string) {
  const cb = useRef(onChange);
  cb.current = onChange;
  useEffect(() => {
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState === 'visible') cb.current();
    }, 10_000);
    return () => clearInterval(timer);
  }, [id]);
}
