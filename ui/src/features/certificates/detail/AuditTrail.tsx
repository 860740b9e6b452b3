import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { AuditEntryView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { RowCards, useCardLayout } from '../../../app/RowCards';

/** Who did what when, as the workflow recorded it. */
export function AuditTrail({ entries }: { entries: AuditEntryView[] }) {
  const { t, date, dateTime } = useI18n();
  const narrow = useCardLayout();
  const when = (e: AuditEntryView) => dateTime(e.at);
  // the workflow's own entries (ledger records, the PDF) are made by the system, named in the reader's language
  const who = (e: AuditEntryView) => (e.actorId === 'system' ? t('stored.system') : (e.actorName ?? e.actorId));
  // an entry's parts are kept, so it reads in the reader's language; older entries show as recorded
  const detail = (e: AuditEntryView) => {
    if (e.action === 'reject' && e.toLevel === 0) return t('cert.audit.rejectedToSubmitter', { reason: e.reason ?? '' });
    if (e.action === 'reject' && e.toLevel) return t('cert.audit.rejectedTo', { to: e.toLevel, reason: e.reason ?? '' });
    // the PDF's storage key means nothing to a reader: the action says it was made
    if (e.action === 'pdf') return '';
    if (e.action === 'adjustLevel')
      return [
        e.dueAfter ? t('cert.audit.due', { before: date(e.dueBefore), after: date(e.dueAfter) }) : '',
        e.added?.length ? t('cert.audit.added', { names: e.added.join(', ') }) : '',
        e.removed?.length ? t('cert.audit.removed', { names: e.removed.join(', ') }) : '',
      ]
        .filter(Boolean)
        .join('; ');
    if (e.action === 'remind' && e.to) return t(`cert.audit.to.${e.to}`);
    if (e.action === 'cancel' && e.reason) return e.reason;
    // entries from before the parts were kept are read from their recorded text
    if (e.action === 'ledger') {
      const [event, txId] = e.event ? [e.event, e.txId] : (e.detail ?? '').split(' ');
      return event && txId ? t('cert.audit.ledger', { event: t(`cert.ledgerEvent.${event}`), tx: txId }) : (e.detail ?? '');
    }
    if (e.action === 'signatureVoided') {
      const recorded = /signed over (\w+), content now (\w+)/.exec(e.detail ?? '');
      const over = e.signedOver ?? recorded?.[1];
      const now = e.contentNow ?? recorded?.[2];
      return over && now ? t('cert.audit.voided', { over, now }) : (e.detail ?? '');
    }
    return e.detail ?? '';
  };
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
              [t('cert.who'), who(e)],
              [t('cert.action'), t(`cert.action.${e.action}`)],
              [t('cert.level'), e.level ?? ''],
              [t('cert.detail'), detail(e)],
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
                <TableCell>{who(e)}</TableCell>
                <TableCell>{t(`cert.action.${e.action}`)}</TableCell>
                <TableCell>{e.level ?? ''}</TableCell>
                <TableCell>{detail(e)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
