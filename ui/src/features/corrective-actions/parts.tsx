/** Small pieces the corrective-action screens share: the state chip, the severity chip, the list as table or cards. */
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Chip, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { checkTitle, correctiveActionPath, type ActionSeverity, type CorrectiveActionRowView } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { RowCards, useCardLayout } from '../../app';

export function StateChip({ row }: { row: Pick<CorrectiveActionRowView, 'status' | 'overdue'> }) {
  const { t } = useI18n();
  const color = row.status === 'verified' ? 'success' : row.status === 'fix_submitted' ? 'info' : row.status === 'reopened' ? 'warning' : 'default';
  return (
    <Stack direction="row" spacing={0.5} component="span" sx={{ display: 'inline-flex' }}>
      <Chip size="small" color={color} label={t(`ca.status.${row.status}`)} data-testid="ca-state" />
      {row.overdue && row.status !== 'verified' && <Chip size="small" color="error" label={t('ca.overdue')} data-testid="ca-overdue" />}
    </Stack>
  );
}

export function SeverityChip({ severity }: { severity: ActionSeverity }) {
  const { t } = useI18n();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={severity === 'critical' ? 'error' : severity === 'major' ? 'warning' : 'default'}
      label={t(`ca.severity.${severity}`)}
    />
  );
}

/** The actions as a table, or as cards on a phone. */
export function ActionRows({ rows, testId }: { rows: CorrectiveActionRowView[]; testId: string }) {
  const { t, date, lang } = useI18n();
  const narrow = useCardLayout();
  const navigate = useNavigate();
  if (narrow)
    return (
      <RowCards
        testId={testId}
        rowTestId="ca-card"
        rows={rows.map((r) => ({
          key: r.id,
          title: checkTitle(r.check, lang),
          badge: <StateChip row={r} />,
          onClick: () => navigate(correctiveActionPath(r.id)),
          fields: [
            [t('ca.farm'), r.farm.name],
            [t('ca.severity'), <SeverityChip key="s" severity={r.severity} />],
            [t('ca.owner'), r.owner.name],
            [t('ca.due'), date(r.dueAt)],
            [t('ca.age'), String(r.ageDays)],
          ],
        }))}
      />
    );
  return (
    <Paper variant="outlined">
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('ca.check')}</TableCell>
            <TableCell>{t('ca.farm')}</TableCell>
            <TableCell>{t('ca.severity')}</TableCell>
            <TableCell>{t('ca.owner')}</TableCell>
            <TableCell>{t('ca.due')}</TableCell>
            <TableCell>{t('ca.age')}</TableCell>
            <TableCell>{t('ca.state')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} data-testid="ca-row">
              <TableCell>
                <Link component={RouterLink} to={correctiveActionPath(r.id)}>
                  {checkTitle(r.check, lang)}
                </Link>
              </TableCell>
              <TableCell>{r.farm.name}</TableCell>
              <TableCell>
                <SeverityChip severity={r.severity} />
              </TableCell>
              <TableCell>{r.owner.name}</TableCell>
              <TableCell>{date(r.dueAt)}</TableCell>
              <TableCell>{r.ageDays}</TableCell>
              <TableCell>
                <StateChip row={r} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
