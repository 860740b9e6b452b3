import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../app';
import { LiveConnection, type LiveMessage, type LiveStatus } from './live-connection';

let shared: { userId: string; conn: LiveConnection; users: number } | undefined;

function acquire(userId: string): LiveConnection {
  if (shared && shared.userId !== userId) {
    shared.conn.close();
    shared = undefined;
  }
  if (!shared) shared = { userId, conn: new LiveConnection(userId), users: 0 };
  shared.users++;
  return shared.conn;
}
function release(conn: LiveConnection) {
  if (!shared || shared.conn !== conn) return;
  if (--shared.users === 0) {
    conn.close();
    shared = undefined;
  }
}

/**
 * Calls `handler` for each live message whose type is in `types` (docs/spec/farm-data-and-documents.md §3 live messages), for the
 * signed-in user. All hooks share one socket, which reconnects and resumes by itself.
 * Returns the connection status (connected, connecting, disconnected). `onCatchUp` is called when the
 * socket connects with nothing to resume from: messages sent before then (after the page read its data)
 * were not delivered, so the page reads again.
 */
export function useLive(types: readonly string[], handler: (m: LiveMessage) => void, onCatchUp?: () => void): LiveStatus {
  const { user } = useAuth();
  const cb = useRef(handler);
  cb.current = handler;
  const catchUp = useRef(onCatchUp);
  catchUp.current = onCatchUp;
  const key = types.join(',');
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    // the live channel is a company's: someone who has not set up a company yet has nothing to hear
    if (!user?.id || !user.companyId || typeof WebSocket === 'undefined') return;
    const conn = acquire(user.id);
    setStatus(conn.status);
    const wanted = new Set(key.split(','));
    const off = conn.subscribe((m) => wanted.has(m.type) && cb.current(m));
    const offStatus = conn.onStatus(setStatus);
    const offCatchUp = conn.onCatchUp(() => catchUp.current?.());
    return () => {
      off();
      offCatchUp();
      offStatus();
      release(conn);
    };
  }, [user?.id, user?.companyId, key]);
  return status;
}
export type { LiveMessage, LiveStatus };
