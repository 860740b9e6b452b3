import { Button } from '@mui/material';
import type { CertificateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { ActionBar } from './ActionBar';
import type { DetailDialogs } from './use-detail-dialogs';

/** The viewer's own part on the current level (sign, send back, delegate), kept in view by the action bar; nothing when they have none. */
export function SignerActions({ a, dialogs }: { a: CertificateView; dialogs: DetailDialogs }) {
  const { t } = useI18n();
  const can = a.can;
  if (!can || !(can.sign || can.reject || can.delegate)) return null;
  return (
    <ActionBar level={a.approvalLevels.find((l) => l.level === a.stageLevel)}>
      {can.sign && (
        <Button variant="contained" color="success" onClick={() => dialogs.open('sign')} data-testid="btn-approve">
          {t('cert.approve')}
        </Button>
      )}
      {can.reject && (
        <Button variant="outlined" color="error" onClick={() => dialogs.open('reject')} data-testid="btn-reject">
          {t('cert.reject')}
        </Button>
      )}
      {can.delegate && (
        <Button variant="outlined" onClick={() => void dialogs.openDelegate()} data-testid="btn-delegate">
          {t('cert.delegateAction')}
        </Button>
      )}
    </ActionBar>
  );
}
