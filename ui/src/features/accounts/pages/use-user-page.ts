import { useEffect, useState } from 'react';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app/notify';
import { useAuth } from '../../../app/auth';
import { useLoad } from '../../../app/use-load';
import { accountsApi, type AccountUser } from '../api';

export const USER_PAGE_SIZES = [15, 25, 50];
const SEARCH_DEBOUNCE_MS = 300;

export type UserRow = AccountUser & { item: number };

/**
 * One page of the user list, paged and searched by the server, through the one loading hook: the typed
 * search is sent after a pause and starts again at the first page; the rows are numbered across pages.
 */
export function useUserPage() {
  const { t } = useI18n();
  const [model, setModel] = useState<GridPaginationModel>({ page: 0, pageSize: USER_PAGE_SIZES[0] });
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const h = setTimeout(() => {
      setSearch(searchText.trim());
      setModel((m) => (m.page === 0 ? m : { ...m, page: 0 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(h);
  }, [searchText]);
  const { data, error, loading } = useLoad(async () => {
    const p = await accountsApi.users({ page: model.page, pageSize: model.pageSize, search });
    return { rows: p.users.map((u, i): UserRow => ({ ...u, item: model.page * model.pageSize + i + 1 })), total: p.total };
  }, [model.page, model.pageSize, search]);
  return {
    model,
    setModel,
    searchText,
    setSearchText,
    rows: data?.rows ?? [],
    total: data?.total ?? 0,
    loading,
    error: error ? errorText(error, t) : '',
  };
}

/** The name of the caller's company: every listed user belongs to it, and rows carry only its id. */
export function useOwnCompanyName(): string {
  const { user: me } = useAuth();
  const companyId = me?.companyId;
  const { data } = useLoad(async () => (companyId ? ((await accountsApi.company(companyId)).name ?? '') : ''), [companyId]);
  return data ?? '';
}
