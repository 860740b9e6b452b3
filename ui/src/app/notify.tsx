import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Alert, Snackbar, type AlertColor } from '@mui/material';
import { TOAST_MS } from '@grain/domain';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';

interface Toast {
  id: number;
  text: string;
  severity: AlertColor;
}

export interface Notify {
  success(text: string): void;
  info(text: string): void;
  warning(text: string): void;
  /** Takes a text or a caught error (an ApiError shows the server's translated invalidMsg). */
  error(e: unknown): void;
}

const Ctx = createContext<Notify | null>(null);

/** The text to show for a caught error: the server's invalidMsg, else a generic message. */
export function errorText(e: unknown, t: (k: string) => string): string {
  if (typeof e === 'string') return t(e);
  if (e instanceof ApiError) return e.message || t(e.code);
  return t('INTERNAL');
}

/** Toasts bottom-left, closing themselves after 5 s (docs/spec/approvals.md §9); one at a time, newest wins. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [toast, setToast] = useState<Toast | null>(null);
  const push = useCallback((text: string, severity: AlertColor) => setToast({ id: Date.now() + Math.random(), text, severity }), []);
  const value = useMemo<Notify>(
    () => ({
      success: (s) => push(s, 'success'),
      info: (s) => push(s, 'info'),
      warning: (s) => push(s, 'warning'),
      error: (e) => {
        // a lost session is not the screen's error: the user is already on their way to /views/login
        if (e instanceof ApiError && e.status === 401 && e.code !== 'LOGIN_FAILED') return;
        push(errorText(e, t), 'error');
      },
    }),
    [push, t],
  );
  return (
    <Ctx.Provider value={value}>
      {children}
      <Snackbar
        key={toast?.id}
        open={!!toast}
        autoHideDuration={TOAST_MS}
        onClose={(_e, reason) => reason !== 'clickaway' && setToast(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {toast ? (
          <Alert data-testid="toast" severity={toast.severity} variant="filled" onClose={() => setToast(null)} sx={{ width: '100%' }}>
            {toast.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Ctx.Provider>
  );
}

export function useNotify(): Notify {
  const c = useContext(Ctx);
  if (!c) throw new Error('useNotify outside NotifyProvider');
  return c;
}
