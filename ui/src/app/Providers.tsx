import type { ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { Language } from '@grain/domain';
import { I18nProvider } from '../i18n/i18n';
import { AuthProvider } from './auth';
import { NotifyProvider } from './notify';
import { theme } from './theme';

/** Theme, language, toasts and session: everything a screen expects around it (also used by tests). */
export function Providers({ children, lang }: { children: ReactNode; lang?: Language }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <I18nProvider initial={lang}>
        <NotifyProvider>
          <AuthProvider>{children}</AuthProvider>
        </NotifyProvider>
      </I18nProvider>
    </ThemeProvider>
  );
}
