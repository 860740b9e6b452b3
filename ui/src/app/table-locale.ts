import { useMemo } from 'react';
import type { GridLocaleText } from '@mui/x-data-grid';
import { enUS as gridEnUS, viVN as gridViVN } from '@mui/x-data-grid/locales';
import type { Language } from '@grain/domain';
import { translate, useI18n } from '../i18n/i18n';

type PagerItem = 'first' | 'last' | 'previous' | 'next';

/**
 * The pager texts of MUI's TablePagination (rows per page, "1–15 of 40", the screen-reader names of
 * the page buttons) from this app's i18n table, for a TablePagination and for the DataGrid's pager.
 */
export function paginationLabels(lang: Language) {
  const t = (k: string, v?: Record<string, string | number>) => translate(lang, k, v);
  return {
    labelRowsPerPage: t('table.rowsPerPage'),
    labelDisplayedRows: ({ from, to, count, estimated }: { from: number; to: number; count: number; estimated?: number }) =>
      t('table.displayedRows', {
        from,
        to,
        count: count !== -1 ? count : estimated && estimated > to ? t('table.around', { n: estimated }) : t('table.moreThan', { n: to }),
      }),
    getItemAriaLabel: (type: PagerItem) => t(`table.page.${type}`),
  };
}

/**
 * Every DataGrid text in the UI language: MUI's own translation (its viVN leaves some texts English —
 * the pager range, the column menu's screen-reader name, ...) with those filled from the i18n table.
 * A `localeText` prop replaces the theme's texts as a whole, so a grid passing one must start from this.
 */
export function gridLocaleText(lang: Language): Partial<GridLocaleText> {
  const base = (lang === 'vn' ? gridViVN : gridEnUS).components.MuiDataGrid.defaultProps.localeText;
  const t = (k: string, v?: Record<string, string | number>) => translate(lang, k, v);
  const pager = paginationLabels(lang);
  return {
    ...base,
    noColumnsOverlayLabel: t('table.noColumns'),
    noColumnsOverlayManageColumns: t('table.manageColumns'),
    columnsManagementDeleteIconLabel: t('table.clear'),
    columnMenuAriaLabel: (column: string) => t('table.columnMenu', { column }),
    paginationRowsPerPage: pager.labelRowsPerPage,
    paginationDisplayedRows: pager.labelDisplayedRows,
    paginationItemAriaLabel: pager.getItemAriaLabel,
  };
}

/** gridLocaleText of the current language, with a screen's own texts (e.g. its empty message) on top. */
export function useGridLocaleText(own?: Partial<GridLocaleText>): Partial<GridLocaleText> {
  const { lang } = useI18n();
  return useMemo(() => ({ ...gridLocaleText(lang), ...own }), [lang, own]);
}
