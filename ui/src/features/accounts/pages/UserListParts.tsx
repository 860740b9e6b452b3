import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, InputAdornment, Paper, TablePagination, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { formatPhone } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { usePlace } from '../../../app/place';
import { useAuth } from '../../../app/auth';
import { useGridLocaleText } from '../../../app/table-locale';
import { RowCards } from '../../../app/RowCards';
import type { AccountUser } from '../api';
import { storedRole } from '../../../app/stored-text';
import { USER_PAGE_SIZES, type UserRow } from './use-user-page';

const detailPath = (id: string) => `/views/user/detail?id=${encodeURIComponent(id)}`;
const userName = (r: UserRow) => r.fullName || `${r.firstname} ${r.lastname}`;

/** What each column shows (read by the grid on a desk and by the cards on a phone), and the edit button. */
export function useUserCells(companyName: string) {
  const { t } = useI18n();
  const { country } = usePlace();
  const { can, user: me } = useAuth();
  const navigate = useNavigate();
  const mayEdit = (u: AccountUser) => u.id === me?.id || can('editSystem');
  const editButton = (row: UserRow) =>
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
  const fields = (r: UserRow): Array<[field: string, label: string, value: string]> => [
    ['company', t('acc.users.company'), r.company && typeof r.company === 'object' ? String((r.company as { name?: string }).name ?? '') : companyName],
    ['email', t('acc.field.email'), r.email],
    ['phone', t('acc.field.phone'), formatPhone(r.phone, country)],
    ['role', t('acc.users.roles'), storedRole(r.role, t)],
    ['status', t('acc.users.status'), t(`acc.status.${r.status}`)],
  ];
  const valueOf = (field: string) => (_v: unknown, r: UserRow) => fields(r).find(([f]) => f === field)?.[2] ?? '';
  const columns = useMemo<GridColDef<UserRow>[]>(
    () => [
      { field: 'item', headerName: t('acc.users.item'), width: 70, sortable: false },
      { field: 'name', headerName: t('acc.users.name'), flex: 1, minWidth: 150, sortable: false, valueGetter: (_v, r) => userName(r) },
      { field: 'company', headerName: t('acc.users.company'), flex: 1, minWidth: 120, sortable: false, valueGetter: valueOf('company') },
      { field: 'email', headerName: t('acc.field.email'), flex: 1, minWidth: 180, sortable: false },
      { field: 'phone', headerName: t('acc.field.phone'), width: 150, sortable: false, valueGetter: valueOf('phone') },
      { field: 'role', headerName: t('acc.users.roles'), width: 130, sortable: false, valueGetter: valueOf('role') },
      { field: 'status', headerName: t('acc.users.status'), width: 100, sortable: false, valueGetter: valueOf('status') },
      { field: 'actions', headerName: '', width: 110, sortable: false, filterable: false, renderCell: ({ row }) => editButton(row) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, me?.id, can, companyName, country],
  );
  return { fields, columns, editButton };
}

/** The search box above the list (the server searches name, e-mail and phone). */
export function UserSearchField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useI18n();
  return (
    <TextField
      value={value}
      onChange={(e) => onChange(e.target.value)}
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
  );
}

interface UserPageView {
  rows: UserRow[];
  total: number;
  model: GridPaginationModel;
  setModel: (m: GridPaginationModel) => void;
  cells: ReturnType<typeof useUserCells>;
}

/** Below 768 px seven columns do not fit: one card per user, every column in it, with a pager. */
export function UserCards({ rows, total, model, setModel, cells }: UserPageView) {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Box data-testid="user-cards">
      <RowCards
        rows={rows.map((r) => ({
          key: r.id,
          testId: `user-row-${r.email}`,
          title: `${r.item}. ${userName(r)}`,
          onClick: () => navigate(detailPath(r.id)),
          fields: cells.fields(r).map(([, label, value]) => [label, value]),
          actions: cells.editButton(r),
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
  );
}

/** The users on a DataGrid paged by the server, every grid text in the UI language. */
export function UserGrid({ rows, total, model, setModel, cells, loading }: UserPageView & { loading: boolean }) {
  const { t } = useI18n();
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
  return (
    <Paper sx={{ width: '100%' }}>
      <Box sx={{ width: '100%', overflowX: 'auto' }}>
        <DataGrid
          rows={rows}
          columns={cells.columns}
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
          onRowClick={({ row }) => navigate(detailPath(row.id))}
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
  );
}
