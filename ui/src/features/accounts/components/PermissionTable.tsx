import { Checkbox, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { PERMISSIONS, type Permission } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';

/** Every permission of docs/spec/approvals.md §6 with a checkbox; read-only on the detail screen. */
export function PermissionTable({ value, onChange, disabled }: { value: readonly Permission[]; onChange?(next: Permission[]): void; disabled?: boolean }) {
  const { t } = useI18n();
  const toggle = (p: Permission, on: boolean) => {
    if (!onChange) return;
    const next = on ? [...value, p] : value.filter((x) => x !== p);
    // keep the canonical order so the saved list is stable
    onChange(PERMISSIONS.filter((x) => next.includes(x)));
  };
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('acc.groups.permissions')} data-testid="permission-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('acc.groups.permission')}</TableCell>
            <TableCell>{t('acc.groups.permissionKey')}</TableCell>
            <TableCell align="center">{t('acc.groups.granted')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {PERMISSIONS.map((p) => (
            <TableRow key={p} hover>
              <TableCell>{t(`acc.perm.${p}`)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>{p}</TableCell>
              {/* not padding="checkbox": in a small table that strips the checkbox's own padding, leaving a 24 px target */}
              <TableCell align="center" sx={{ py: 0 }}>
                <Checkbox
                  checked={value.includes(p)}
                  disabled={disabled}
                  onChange={(e) => toggle(p, e.target.checked)}
                  slotProps={{ input: { 'aria-label': p, 'data-testid': `perm-${p}` } as Record<string, string> }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
