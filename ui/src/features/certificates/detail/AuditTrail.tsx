import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { AuditEntryView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { RowCards, useCardLayout } from '../../../app/RowCards';

/** Who did what when, as the workflow recorded it. */
export function AuditTrail({ entries }: { entries: AuditEntryView[] }) {
  const { t } = useI18n();
  const narrow = useCardLayout();
  const when = (e: AuditEntryView) => new Date(e.at).toLocaleString();
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, overflowX: 'auto' }} data-testid="audit-trail">
      <Typography variant="subtitle1" sx={{ mb: narrow ? 1 : 0 }}>
        {t('cert.audit')}
      </Typography>
      {narrow ? (
        // below 768 px: one card per event, titled by its time
        <RowCards
          rowTestId="audit-card"
          rows={entries.map((e, i) => ({
            key: String(i),
            title: when(e),
            fields: [
              [t('cert.who'), e.actorName ?? e.actorId],
              [t('cert.action'), t(`cert.action.${e.action}`)],
              [t('cert.level'), e.level ?? ''],
              [t('cert.detail'), e.detail ?? ''],
            ],
          }))}
        />
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('cert.when')}</TableCell>
              <TableCell>{t('cert.who')}</TableCell>
              <TableCell>{t('cert.action')}</TableCell>
              <TableCell>{t('cert.level')}</TableCell>
              <TableCell>{t('cert.detail')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((e, i) => (
              <TableRow key={i}>
                <TableCell>{when(e)}</TableCell>
                <TableCell>{e.actorName ?? e.actorId}</TableCell>
                <TableCell>{t(`cert.action.${e.action}`)}</TableCell>
                <TableCell>{e.level ?? ''}</TableCell>
                <TableCell>{e.detail ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
