import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { AuditView } from '../api';
import { useI18n } from '../../../i18n/i18n';

/** Who did what when, as the workflow recorded it. */
export function AuditTrail({ entries }: { entries: AuditView[] }) {
  const { t } = useI18n();
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, overflowX: 'auto' }} data-testid="audit-trail">
      <Typography variant="subtitle1">{t('cert.audit')}</Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('cert.when')}</TableCell><TableCell>{t('cert.who')}</TableCell><TableCell>{t('cert.action')}</TableCell>
            <TableCell>{t('cert.level')}</TableCell><TableCell>{t('cert.detail')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e, i) => (
            <TableRow key={i}>
              <TableCell>{new Date(e.at).toLocaleString()}</TableCell>
              <TableCell>{e.actorName ?? e.actorId}</TableCell>
              <TableCell>{t(`cert.action.${e.action}`)}</TableCell>
              <TableCell>{e.level ?? ''}</TableCell>
              <TableCell>{e.detail ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
