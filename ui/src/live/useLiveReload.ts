import { useEffect, useRef } from 'react';
import { useLive } from './useLive';

/** Bursts of updates (one per workflow batch) are folded into one reload. */
const DEBOUNCE_MS = 300;
/** Fallback polls: slow while the live channel is up, faster while it is down. */
const POLL_CONNECTED_MS = 60_000;
const POLL_DISCONNECTED_MS = 10_000;

/**
 * Calls `onChange` when an object of the kinds `types` name changes (any of the company's, or only the
 * one `id`): on each such message of the live channel, plus a slow poll while the page is visible in
 * case a message is missed or the socket is down, and once when a fresh socket connects (what changed
 * between the page's first read and the connection is not sent). A page passes its data-loading hook's reload.
 */
export function useLiveReload(types: readonly string[], onChange: () => void, id?: string) {
  const cb = useRef(onChange);
  cb.current = onChange;
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reload = () => {
    clearTimeout(pending.current);
    pending.current = setTimeout(() => cb.current(), DEBOUNCE_MS);
  };
  const status = useLive(
    types,
    (m) => {
      if (id && m.data?.id !== id) return;
      reload();
    },
    reload, // a fresh socket: what changed between the page's read and the connection was not sent
  );
  useEffect(() => () => clearTimeout(pending.current), []);

  useEffect(() => {
    const timer = setInterval(
      () => {
        if (typeof document === 'undefined' || document.visibilityState === 'visible') cb.current();
      },
      status === 'connected' ? POLL_CONNECTED_MS : POLL_DISCONNECTED_MS,
    );
    return () => clearInterval(timer);
  }, [id, status]);
}
