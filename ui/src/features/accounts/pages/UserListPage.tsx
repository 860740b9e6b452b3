import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Box, Button, InputAdornment, Paper, TablePagination, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { formatPhone } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { usePlace } from '../../../app/place';
import { errorText } from '../../../app/notify';
import { useAuth } from '../../../app/auth';
import { Page } from '../../../app/Layout';
import { useGridLocaleText } from '../../../app/table-locale';
import { RowCards, useCardLayout } from '../../../app/RowCards';
import { accountsApi, type AccountUser } from '../api';
import { ServerMessage } from '../components/FormKit';
import { storedRole } from '../../../app/stored-text';

const USER_PAGE_SIZES = [15, 25, 50];
const SEARCH_DEBOUNCE_MS = 300;

type Row = AccountUser & { item: number };

/** /views/user/list (and legacy /views/UserManagement): users on a DataGrid paged and searched by the server. */
export function UserListPage() {
  const { t } = useI18n();
  const { country } = usePlace();
  const { can, user: me } = useAuth();
  const navigate = useNavigate();
  // every grid text in the UI language (screen-reader names too), with this list's own empty and pager lines
  const localeText = useGridLocaleText(
    useMemo(
      () => ({
        noRowsLabel: t('acc.common.empty'),
        paginationRowsPerPage: t('acc.users.rowsPerPage'),
        paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) => t('acc.users.pager', { from, to, count }),
      }),
      [t],
    ),
  );
  // below 768 px seven columns do not fit: one card per user, every column in it
  const narrow = useCardLayout();
  const [model, setModel] = useState<GridPaginationModel>({ page: 0, pageSize: USER_PAGE_SIZES[0] });
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  // every listed user belongs to the caller's company; rows carry only its id
  const [companyName, setCompanyName] = useState('');
  useEffect(() => {
    if (me?.companyId)
      accountsApi.company(me.companyId).then(
        (c) => setCompanyName(c.name ?? ''),
        () => undefined,
      );
  }, [me?.companyId]);

  useEffect(() => {
    const h = setTimeout(() => {
      setSearch(searchText.trim());
      setModel((m) => (m.page === 0 ? m : { ...m, page: 0 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(h);
  }, [searchText]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    accountsApi
      .users({ page: model.page, pageSize: model.pageSize, search })
      .then(
        (p) => {
          if (!live) return;
          setRows(p.users.map((u, i) => ({ ...u, item: model.page * model.pageSize + i + 1 })));
          setTotal(p.total);
          setError('');
        },
        (e) => live && setError(errorText(e, t)),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [model.page, model.pageSize, search, t]);

  const mayEdit = (u: AccountUser) => u.id === me?.id || can('editSystem');
  const editButton = (row: Row) =>
    mayEdit(row) && (
      <Button
        size="small"
        variant="outlined"
        data-testid={`user-edit-${row.email}`}
        onClick={(e) => {
          e.stopPropagation();
          navigate(`/views/user/update?id=${encodeURIComponent(row.id)}`);
        }}
      >
        {t('common.update')}
      </Button>
    );
  // what each column shows, read by the grid on a desk and by the cards on a phone
  const name = (r: Row) => r.fullName || `${r.firstname} ${r.lastname}`;
  const fields = (r: Row): Array<[field: string, label: string, value: string]> => {
    return [
      ['company', t('acc.users.company'), r.company && typeof r.company === 'object' ? String((r.company as { name?: string }).name ?? '') : companyName],
      ['email', t('acc.field.email'), r.email],
      ['phone', t('acc.field.phone'), formatPhone(r.phone, country)],
      ['role', t('acc.users.roles'), storedRole(r.role, t)],
      ['status', t('acc.users.status'), t(`acc.status.${r.status}`)],
    ];
  };
  const valueOf = (field: string) => (_v: unknown, r: Row) => fields(r).find(([f]) => f === field)?.[2] ?? '';
  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      { field: 'item', headerName: t('acc.users.item'), width: 70, sortable: false },
      { field: 'name', headerName: t('acc.users.name'), flex: 1, minWidth: 150, sortable: false, valueGetter: (_v, r) => name(r) },
      { field: 'company', headerName: t('acc.users.company'), flex: 1, minWidth: 120, sortable: false, valueGetter: valueOf('company') },
      { field: 'email', headerName: t('acc.field.email'), flex: 1, minWidth: 180, sortable: false },
      { field: 'phone', headerName: t('acc.field.phone'), width: 150, sortable: false, valueGetter: valueOf('phone') },
      { field: 'role', headerName: t('acc.users.roles'), width: 130, sortable: false, valueGetter: valueOf('role') },
      { field: 'status', headerName: t('acc.users.status'), width: 100, sortable: false, valueGetter: valueOf('status') },
      {
        field: 'actions',
        headerName: '',
        width: 110,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => editButton(row),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, me?.id, can, companyName, country],
  );

  return (
    <Page
      title={t('acc.users.title')}
      testId="user-list"
      actions={
        can('editSystem') && (
          <Button variant="contained" component={RouterLink} to="/views/user/create" data-testid="user-add">
            {t('acc.users.add')}
          </Button>
        )
      }
    >
      <TextField
        value={searchText}
        onChange={(e) => setSearchText(e.target.value)}
        placeholder={t('acc.users.searchPlaceholder')}
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        slotProps={{
          htmlInput: { 'aria-label': t('common.search'), 'data-testid': 'user-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <ServerMessage text={error} />
      {narrow ? (
        <Box data-testid="user-cards">
          <RowCards
            rows={rows.map((r) => ({
              key: r.id,
              testId: `user-row-${r.email}`,
              title: `${r.item}. ${name(r)}`,
              onClick: () => navigate(`/views/user/detail?id=${encodeURIComponent(r.id)}`),
              fields: fields(r).map(([, label, value]) => [label, value]),
              actions: editButton(r),
            }))}
          />
          <TablePagination
            component="div"
            count={total}
            page={model.page}
            rowsPerPage={model.pageSize}
            rowsPerPageOptions={USER_PAGE_SIZES}
            onPageChange={(_e, page) => setModel({ ...model, page })}
            onRowsPerPageChange={(e) => setModel({ page: 0, pageSize: Number(e.target.value) })}
            labelRowsPerPage={t('acc.users.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('acc.users.pager', { from, to, count })}
          />
        </Box>
      ) : (
        <Paper sx={{ width: '100%' }}>
          <Box sx={{ width: '100%', overflowX: 'auto' }}>
            <DataGrid
              rows={rows}
              columns={columns}
              rowCount={total}
              loading={loading}
              paginationMode="server"
              paginationModel={model}
              onPaginationModelChange={setModel}
              pageSizeOptions={USER_PAGE_SIZES}
              disableColumnMenu
              disableRowSelectionOnClick
              disableVirtualization
              autoHeight
              onRowClick={({ row }) => navigate(`/views/user/detail?id=${encodeURIComponent(row.id)}`)}
              localeText={localeText}
              // long e-mails and names wrap in their cell instead of ending in an ellipsis
              getRowHeight={() => 'auto'}
              sx={{
                minWidth: 720,
                '& .MuiDataGrid-row': { cursor: 'pointer' },
                '& .MuiDataGrid-cell': { py: 1, whiteSpace: 'normal', wordBreak: 'break-word' },
              }}
            />
          </Box>
        </Paper>
      )}
    </Page>
  );
}
