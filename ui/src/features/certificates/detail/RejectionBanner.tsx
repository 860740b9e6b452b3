import { Alert, AlertTitle, Typography } from '@mui/material';
import type { RejectionNotice } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';

/**
 * A certificate sent back says so at the top: who sent it back, when, to which level and why, and - once
 * it is resubmitted - what the submitter changed since, for the signers who must look at it again.
 */
export function RejectionBanner({ notice }: { notice: RejectionNotice }) {
  const { t, dateTime } = useI18n();
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="rejection-banner">
      <AlertTitle>
        {t(notice.toLevel === 0 ? 'cert.rejection.titleSubmitter' : 'cert.rejection.title', {
          by: notice.by,
          from: notice.fromLevel,
          to: notice.toLevel,
          at: dateTime(notice.at),
        })}
      </AlertTitle>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="rejection-reason">
        {t('cert.rejection.reason')}: {notice.reason}
      </Typography>
      {notice.resubmitted && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="rejection-changed">
          {notice.changedSince.length
            ? `${t('cert.rejection.changed')}: ${notice.changedSince.map((c) => t(`cert.change.${c}`)).join(', ')}`
            : t('cert.rejection.unchanged')}
        </Typography>
      )}
    </Alert>
  );
}
