import { Box, Typography } from '@mui/material';
import { useI18n } from '../../i18n/i18n';
import { useLoad } from '../../app/use-load';
import { actionsApi } from './api';
import { useActionLive } from './live';
import { ActionRows } from './parts';

/**
 * "Waiting for me" for corrective actions: the ones the user owns and must fix, and fixes they may
 * verify. Shown on the inbox beside the certificates, and on the corrective-actions page; follows the live channel.
 */
export function WaitingActions({ hideWhenEmpty = false, title = 'ca.waiting.title' }: { hideWhenEmpty?: boolean; title?: string }) {
  const { t } = useI18n();
  const loaded = useLoad(() => actionsApi.waiting(), []);
  useActionLive(() => void loaded.reload());
  const w = loaded.data;
  if (!w) return null;
  const none = !w.toFix.length && !w.toVerify.length;
  if (none && hideWhenEmpty) return null;
  return (
    <Box sx={{ mb: 3 }} data-testid="ca-waiting">
      <Typography variant="h6">{t(title)}</Typography>
      {none && <Typography color="text.secondary">{t('ca.waiting.none')}</Typography>}
      {w.toFix.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2">{t('ca.waiting.toFix')}</Typography>
          <ActionRows rows={w.toFix} testId="ca-waiting-fix" />
        </Box>
      )}
      {w.toVerify.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2">{t('ca.waiting.toVerify')}</Typography>
          <ActionRows rows={w.toVerify} testId="ca-waiting-verify" />
        </Box>
      )}
    </Box>
  );
}
