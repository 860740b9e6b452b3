import { Alert, List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import type { UploadCheckAnswer } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';

/** The result of checking a file someone was sent: one line per check, and what it means overall. */
export function UploadChecks({ answer }: { answer: UploadCheckAnswer }) {
  const { t, date } = useI18n();
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
              secondary={c.detail}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
