import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { CertificateView } from '@grain/domain';
import { STATUS_COLOR } from '../status';
import { useI18n } from '../../../i18n/i18n';
import { useNudge } from '../in-flight/use-nudge';
import { dueText, permittedOf, waitingText } from './detail-text';
import type { DetailActions } from './use-detail-actions';
import type { DetailDialogs } from './use-detail-dialogs';

/** The certificate's head: number, name, who submitted it, priority and due date, who acts next, its status and what the viewer may do with it. */
export function DetailHeader({ a, actions, dialogs }: { a: CertificateView; actions: DetailActions; dialogs: DetailDialogs }) {
  const { t, date } = useI18n();
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} justifyContent="space-between" spacing={2}>
        <Box>
          <Typography variant="overline">#{a.approvalNumber}</Typography>
          <Typography variant="h5" component="h1" color={a.status === 'done' && !a.revocation ? 'success.main' : undefined} data-testid="approval-title">
            {a.approvalName}
          </Typography>
          <Typography variant="body2">
            {t('cert.submitter')}: {a.submitter.fullName} · {t('cert.submitted')}: {date(a.startDate) || '—'}
          </Typography>
          <Typography variant="body2" data-testid="detail-due">
            {t('cert.priority')}: {t(`cert.priority.${a.priority}`)} · {dueText(a, t, date)}
          </Typography>
          {a.waitingFor && (
            <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }} data-testid="waiting-for" data-who={a.waitingFor.who}>
              {waitingText(a, t)}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} alignItems="flex-start" flexWrap="wrap" useFlexGap>
          <StatusChip a={a} />
          <HeaderButtons a={a} actions={actions} dialogs={dialogs} />
        </Stack>
      </Stack>
    </Paper>
  );
}

function StatusChip({ a }: { a: CertificateView }) {
  const { t } = useI18n();
  return a.revocation ? (
    <Chip label={t('cert.status.revoked')} color="error" data-testid="detail-status" data-status="revoked" />
  ) : (
    <Chip label={t(`cert.status.${a.displayStatus}`)} color={STATUS_COLOR[a.displayStatus]} data-testid="detail-status" />
  );
}

/** Edit, remind and escalate, delete (a draft) or withdraw (in flight), the downloads, the operator's link, revoke. */
function HeaderButtons({ a, actions, dialogs }: { a: CertificateView; actions: DetailActions; dialogs: DetailDialogs }) {
  const { t } = useI18n();
  const can = permittedOf(a);
  const { nudge, busy: nudging } = useNudge(actions.show);
  const inFlight = a.status !== 'created';
  return (
    <>
      {can.edit && (
        <Button component={RouterLink} to={`/views/approval/update?id=${encodeURIComponent(a._id)}`} data-testid="btn-edit">
          {t('cert.edit')}
        </Button>
      )}
      {can.manage && (
        <>
          <Button onClick={() => void nudge(a._id, 'signers')} disabled={!!nudging} data-testid="btn-remind">
            {t('cert.inFlight.remind')}
          </Button>
          <Button onClick={() => void nudge(a._id, 'escalation')} disabled={!!nudging} data-testid="btn-escalate">
            {t('cert.inFlight.escalate')}
          </Button>
        </>
      )}
      {can.delete && (
        <Button color="error" onClick={() => dialogs.open(inFlight ? 'withdraw' : 'delete')} data-testid="btn-delete">
          {t(inFlight ? 'cert.inFlight.withdraw' : 'common.delete')}
        </Button>
      )}
      {can.pdfPending && (
        // done: the downloads follow once the PDF is made (the live channel reloads the page then)
        <Chip label={t('cert.pdfPending')} variant="outlined" data-testid="pdf-pending" />
      )}
      {can.getCert && (
        <Button variant="contained" onClick={() => void actions.getCert()} data-testid="btn-get-cert">
          {t('cert.getCert')}
        </Button>
      )}
      {can.getCert && (
        <Button variant="outlined" onClick={() => void actions.getCredential()} data-testid="btn-get-credential">
          {t('cert.credential.download')}
        </Button>
      )}
      {can.getCert && (
        <Button variant="outlined" onClick={() => void actions.getXml()} data-testid="btn-get-xml">
          {t('cert.xml.download')}
        </Button>
      )}
      {a.operatorUrl && (
        <Button href={a.operatorUrl} target="_blank" rel="noopener noreferrer" data-testid="btn-temporal">
          {t('cert.operator.temporal')}
        </Button>
      )}
      {can.revoke && (
        <Button color="error" onClick={() => dialogs.open('revoke')} data-testid="btn-revoke">
          {t('cert.revoke.action')}
        </Button>
      )}
    </>
  );
}
