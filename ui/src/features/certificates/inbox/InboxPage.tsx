import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Button, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { certificateDetailPath, type InboxAnswer } from '@grain/domain';
import { certificatesApi } from '../api';
import { useCertificateLive } from '../live';
import { useI18n } from '../../../i18n/i18n';
import { errorText, Page } from '../../../app';
import { useLoad } from '../../../app/use-load';
import { RowCards, useCardLayout } from '../../../app/RowCards';
import { storedWord } from '../../../app/stored-text';
import { TeamOverdue } from './TeamOverdue';
import { WaitingActions } from '../../corrective-actions/WaitingActions';

/**
 * /views/approval/inbox, "Waiting for me": what needs the signed-in user's signature now, overdue first,
 * each a click from its sign dialog. Follows the live channel, so a signed or newly arrived certificate
 * shows without a reload.
 */
export function InboxPage() {
  const { t, date } = useI18n();
  const narrow = useCardLayout();
  const navigate = useNavigate();
  const loaded = useLoad<InboxAnswer>(() => certificatesApi.inbox(), []);
  useCertificateLive(() => void loaded.reload());
  const answer = loaded.data ?? null;
  const error = loaded.error ? errorText(loaded.error, t) : null;

  const items = answer?.inbox ?? [];
  const signLink = (id: string) => certificateDetailPath(id, { sign: true });
  const overdueChip = <Chip size="small" color="error" label={t('cert.status.overdue')} data-testid="inbox-overdue" />;
  return (
    <Page title={t('cert.inbox.title')} testId="inbox-page">
      {error && <Alert severity="error">{error}</Alert>}
      {answer && !items.length && (
        <Typography color="text.secondary" data-testid="inbox-empty">
          {t('cert.inbox.empty')}
        </Typography>
      )}
      {items.length > 0 &&
        (narrow ? (
          <RowCards
            rowTestId="inbox-card"
            rows={items.map((x) => ({
              key: x._id,
              title: `${x.approvalNumber} · ${x.approvalName}`,
              badge: x.overdue ? overdueChip : undefined,
              onClick: () => navigate(signLink(x._id)),
              fields: [
                [t('cert.level'), `${x.level}. ${storedWord(x.group, t)} (${x.signed}/${x.signatures})`],
                [t('cert.due'), date(x.deadline)],
                [t('cert.submitter'), x.submitter],
                ...(x.onBehalfOf ? ([[t('cert.inbox.onBehalfOf'), x.onBehalfOf]] as Array<[string, string]>) : []),
              ],
            }))}
          />
        ) : (
          <Paper variant="outlined">
            <Table size="small" data-testid="inbox-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('cert.number')}</TableCell>
                  <TableCell>{t('cert.name')}</TableCell>
                  <TableCell>{t('cert.level')}</TableCell>
                  <TableCell>{t('cert.due')}</TableCell>
                  <TableCell>{t('cert.submitter')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((x) => (
                  <TableRow key={x._id} data-testid={`inbox-row-${x.approvalNumber}`}>
                    <TableCell>{x.approvalNumber}</TableCell>
                    <TableCell>{x.approvalName}</TableCell>
                    <TableCell>
                      {x.level}. {storedWord(x.group, t)} ({x.signed}/{x.signatures}){x.onBehalfOf ? ` · ${t('cert.inbox.onBehalfOf')} ${x.onBehalfOf}` : ''}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} alignItems="center">
                        <span>{date(x.deadline)}</span>
                        {x.overdue && overdueChip}
                      </Stack>
                    </TableCell>
                    <TableCell>{x.submitter}</TableCell>
                    <TableCell align="right">
                      <Button size="small" variant="contained" component={RouterLink} to={signLink(x._id)} data-testid={`inbox-open-${x.approvalNumber}`}>
                        {t('cert.inbox.review')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        ))}
      <WaitingActions hideWhenEmpty />
      {answer?.teamOverdue && <TeamOverdue items={answer.teamOverdue} count={answer.teamOverdueCount ?? 0} onChanged={() => void loaded.reload()} />}
    </Page>
  );
}
