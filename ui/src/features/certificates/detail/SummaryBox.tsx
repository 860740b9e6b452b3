import { Paper, Typography } from '@mui/material';
import type { CertificateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { storedText } from '../../../app/stored-text';

/** The certificate's summary (or that it has none) and its content hash. */
export function SummaryBox({ a }: { a: CertificateView }) {
  const { t } = useI18n();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="summary-box">
      <Typography variant="subtitle1">{t('cert.summary')}</Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} color={storedText(a.summary) ? undefined : 'text.secondary'}>
        {storedText(a.summary) || t('cert.noSummary')}
      </Typography>
      {a.contentHash && (
        <Typography variant="caption" sx={{ wordBreak: 'break-all' }}>
          {t('cert.contentHash')}: {a.contentHash}
        </Typography>
      )}
    </Paper>
  );
}
