import { useMemo, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { createTheme } from '@mui/material/styles';
import { enUS, viVN } from '@mui/material/locale';
import { enUS as gridEnUS, viVN as gridViVN } from '@mui/x-data-grid/locales';
import type { Language } from '@grain/domain';
import { I18nProvider, useI18n } from '../i18n/i18n';
import { AuthProvider } from './auth';
import { NotifyProvider } from './notify';
import { theme } from './theme';

/** MUI's own texts (pager, 'Open', 'Clear', 'Rows per page', grid menus) in the UI language. */
function LocalizedTheme({ children }: { children: ReactNode }) {
  const { lang } = useI18n();
  const localized = useMemo(() => (lang === 'vn' ? createTheme(theme, viVN, gridViVN) : createTheme(theme, enUS, gridEnUS)), [lang]);
  return (
    <ThemeProvider theme={localized}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** Theme, language, toasts and session: everything a screen expects around it (also used by tests). */
export function Providers({ children, lang }: { children: ReactNode; lang?: Language }) {
  return (
    <I18nProvider initial={lang}>
      <LocalizedTheme>
        <NotifyProvider>
          <AuthProvider>{children}</AuthProvider>
        </NotifyProvider>
      </LocalizedTheme>
    </I18nProvider>
  );
}
