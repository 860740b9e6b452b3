import { Alert, List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import type { UploadCheck, UploadCheckAnswer } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';

/** What a check found, for its second line: the seal's time (and its certificate's revocation) in words, else as the server said it. */
function useDetail(): (c: UploadCheck) => string | undefined {
  const { t, dateTime } = useI18n();
  return (c) => {
    if (c.id !== 'sealTime' || !c.detail) return c.detail;
    const [sealed, revoked] = c.detail.split(' ');
    const when = sealed === '-' ? t('cert.check.sealTime.unknown') : dateTime(sealed);
    return revoked ? t('cert.check.sealTime.revoked', { sealed: when, revoked: dateTime(revoked) }) : t('cert.check.sealTime.sealed', { sealed: when });
  };
}

/** The result of checking a file someone was sent: one line per check, and what it means overall. */
export function UploadChecks({ answer }: { answer: UploadCheckAnswer }) {
  const { t, date } = useI18n();
  const detail = useDetail();
  const verdict = answer.verdict ?? (answer.checks.every((c) => c.ok) ? 'genuine' : 'notGenuine');
  const ok = verdict === 'genuine';
  const r = answer.revocation;
  // a genuine file of a revoked certificate is the issued one, and revoked: both are said (issue 28 item 2)
  const summary =
    verdict === 'revoked' && r
      ? t('cert.verify.revokedVerdict', { date: date(r.at), by: r.by, reason: r.reason })
      : answer.kind === 'pdf'
        ? ok
          ? t('cert.verify.pdfMatch')
          : t('cert.verify.pdfNoMatch')
        : ok
          ? t('cert.verify.vcMatch')
          : t('cert.verify.vcNoMatch');
  return (
    <>
      <Alert severity={ok ? 'success' : verdict === 'revoked' ? 'warning' : 'error'} sx={{ mt: 1 }} data-testid="verify-pdf-result" data-verdict={verdict}>
        {summary}
        {verdict !== 'notGenuine' && answer.approvalNumber ? ` #${answer.approvalNumber}` : ''}
      </Alert>
      <List dense data-testid="verify-checks">
        {answer.checks.map((c) => (
          <ListItem key={c.id} data-testid={`check-${c.id}`} data-ok={c.ok}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {c.ok ? <CheckCircleIcon color="success" fontSize="small" /> : <CancelIcon color="error" fontSize="small" />}
            </ListItemIcon>
            <ListItemText
              primary={t(`cert.check.${answer.kind === 'credential' && c.id === 'seal' ? 'proof' : c.id}.${c.ok ? 'ok' : 'no'}`)}
              secondary={detail(c)}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
