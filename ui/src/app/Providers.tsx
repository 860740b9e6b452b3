import { useMemo, type ReactNode } from 'react';
import { TabBadgesProvider } from './tab-badges';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { createTheme } from '@mui/material/styles';
import { enUS, viVN } from '@mui/material/locale';
import type { Language } from '@grain/domain';
import { I18nProvider, useI18n } from '../i18n/i18n';
import { AuthProvider } from './auth';
import { NotifyProvider } from './notify';
import { theme } from './theme';
import { gridLocaleText, paginationLabels } from './table-locale';

/** MUI's own texts (pager, 'Open', 'Clear', 'Rows per page', grid menus and screen-reader names) in the UI language. */
function LocalizedTheme({ children }: { children: ReactNode }) {
  const { lang } = useI18n();
  const localized = useMemo(
    () =>
      createTheme(theme, lang === 'vn' ? viVN : enUS, {
        // MUI's own vn tables leave some grid and pager texts English: those come from the i18n table
        components: { MuiDataGrid: { defaultProps: { localeText: gridLocaleText(lang) } }, MuiTablePagination: { defaultProps: paginationLabels(lang) } },
      }),
    [lang],
  );
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
          <AuthProvider>
            <TabBadgesProvider>{children}</TabBadgesProvider>
          </AuthProvider>
        </NotifyProvider>
      </LocalizedTheme>
    </I18nProvider>
  );
}
