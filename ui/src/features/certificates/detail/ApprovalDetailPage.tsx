import { Alert, Box, Grid, Link, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { CertificateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { DocumentTables } from './DocumentTables';
import { RejectionBanner } from './RejectionBanner';
import { AuditTrail } from './AuditTrail';
import { SigningStepper } from './SigningStepper';
import { DetailHeader } from './DetailHeader';
import { DetailDialogs } from './DetailDialogs';
import { LevelPanels } from './LevelPanels';
import { SignerActions } from './SignerActions';
import { SignLinkNotice } from './SignLinkNotice';
import { SummaryBox } from './SummaryBox';
import { EvidencePanel } from './EvidencePanel';
import { useDetailCertificate } from './use-detail-certificate';
import { useDetailDialogs } from './use-detail-dialogs';
import { useDetailActions } from './use-detail-actions';

/**
 * /views/approval/detail?id= (and the spec's sign, reject and delegate paths): the certificate's head,
 * documents and summary, its levels, the audit trail, the viewer's own part on the current level, and
 * the dialogs behind the buttons. `?sign=1` (a mail's "Review and sign") opens the sign dialog.
 */
export function ApprovalDetailPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const askedToSign = params.get('sign') === '1';
  const loaded = useDetailCertificate(params.get('id'));
  const a = loaded.data;
  const dialogs = useDetailDialogs(a, askedToSign);
  const actions = useDetailActions(a, dialogs, loaded);
  if (!a) return <Typography>{t('common.loading')}</Typography>;
  return (
    <Box data-testid="approval-detail" data-status={a.status} data-version={a.version}>
      <Link component={RouterLink} to="/views/approval/list" data-tap>
        {t('common.back')}
      </Link>
      <SignLinkNotice a={a} askedToSign={askedToSign} />
      {a.rejection && (
        <Box sx={{ mt: 2 }}>
          <RejectionBanner notice={a.rejection} />
        </Box>
      )}
      <DetailHeader a={a} actions={actions} dialogs={dialogs} />
      <RevokedBanner a={a} />
      {a.progress && a.status !== 'created' && <SigningStepper progress={a.progress} />}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <DocumentTables approval={a} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SummaryBox a={a} />
        </Grid>
      </Grid>
      <EvidencePanel approval={a} />
      <LevelPanels a={a} onAdjust={dialogs.adjustLevel} />
      {a.audit && a.audit.length > 0 && <AuditTrail entries={a.audit} />}
      <SignerActions a={a} dialogs={dialogs} />
      <DetailDialogs a={a} dialogs={dialogs} actions={actions} />
    </Box>
  );
}

function RevokedBanner({ a }: { a: CertificateView }) {
  const { t, date } = useI18n();
  if (!a.revocation) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="revoked-banner">
      {t('cert.revoke.banner', { date: date(a.revocation.at), by: a.revocation.by, reason: a.revocation.reason })}
    </Alert>
  );
}
