import { Link as RouterLink } from 'react-router-dom';
import { Button, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { certificateDetailPath, type InboxItem } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { RowCards, useCardLayout } from '../../../app/RowCards';
import { storedWord } from '../../../app/stored-text';
import { useNudge } from '../in-flight/use-nudge';

/** "My team's overdue" under a manager's own inbox: what runs late, whom it waits for, a reminder a click away. */
export function TeamOverdue({ items, count, onChanged }: { items: InboxItem[]; count: number; onChanged(): void }) {
  const { t, date } = useI18n();
  const narrow = useCardLayout();
  const { nudge, busy } = useNudge(onChanged);
  const open = (x: InboxItem) => (
    <Link component={RouterLink} to={certificateDetailPath(x._id)}>
      {x.approvalNumber}
    </Link>
  );
  const remind = (x: InboxItem) => (
    <Button size="small" onClick={() => void nudge(x._id, 'signers')} disabled={!!busy} data-testid={`team-remind-${x.approvalNumber}`}>
      {t('cert.inFlight.remind')}
    </Button>
  );
  return (
    <section data-testid="team-overdue">
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {t('cert.inbox.teamOverdue', { n: count })}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{t('cert.inbox.teamNone')}</Typography>
      ) : narrow ? (
        <RowCards
          rowTestId="team-card"
          rows={items.map((x) => ({
            key: x._id,
            title: open(x),
            fields: [
              [t('cert.name'), x.approvalName],
              [t('cert.level'), `${x.level}. ${storedWord(x.group, t)}`],
              [t('cert.overdue.holders'), (x.waitingOn ?? []).join(', ')],
              [t('cert.due'), date(x.deadline)],
            ],
            actions: remind(x),
          }))}
        />
      ) : (
        <Paper variant="outlined">
          <Table size="small" data-testid="team-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('cert.number')}</TableCell>
                <TableCell>{t('cert.name')}</TableCell>
                <TableCell>{t('cert.level')}</TableCell>
                <TableCell>{t('cert.overdue.holders')}</TableCell>
                <TableCell>{t('cert.due')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((x) => (
                <TableRow key={x._id} data-testid={`team-row-${x.approvalNumber}`}>
                  <TableCell>{open(x)}</TableCell>
                  <TableCell>{x.approvalName}</TableCell>
                  <TableCell>
                    {x.level}. {storedWord(x.group, t)}
                  </TableCell>
                  <TableCell>{(x.waitingOn ?? []).join(', ')}</TableCell>
                  <TableCell>{date(x.deadline)}</TableCell>
                  <TableCell align="right">{remind(x)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </section>
  );
}
