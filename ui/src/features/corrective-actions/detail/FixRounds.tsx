import { Alert, Box, Link, Paper, Typography } from '@mui/material';
import type { CorrectiveActionView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';

/** Every fix so far: who sent it when, the note, the evidence with its hash, and the verdict on it. */
export function FixRounds({ fixes }: { fixes: CorrectiveActionView['fixes'] }) {
  const { t, dateTime } = useI18n();
  if (!fixes.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="ca-fixes">
      <Typography variant="subtitle1">{t('ca.fixes')}</Typography>
      {fixes.map((f) => (
        <Box key={f.round} sx={{ mt: 1 }} data-testid="ca-fix">
          <Typography variant="body2">
            <b>{t('ca.round', { n: f.round })}</b> · {f.by.name} · {dateTime(f.at)}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {f.note}
          </Typography>
          {f.evidence.map((e) => (
            <Typography key={e.id} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <Link href={e.url}>{e.fileName}</Link> · SHA-256 {e.sha256.slice(0, 12)}…
            </Typography>
          ))}
          {f.outcome && (
            <Alert severity={f.outcome.verdict === 'verified' ? 'success' : 'warning'} sx={{ mt: 0.5 }}>
              {f.outcome.verdict === 'verified'
                ? t('ca.verdict.verified', { name: f.outcome.by.name })
                : t('ca.verdict.reopened', { name: f.outcome.by.name, reason: f.outcome.reason ?? '' })}
            </Alert>
          )}
        </Box>
      ))}
    </Paper>
  );
}
