import type { ReactNode } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';

/** A read-only profile: label / value rows that stack below 450 px. */
export function ReadOnlyRows({ rows }: { rows: Array<{ label: string; value: ReactNode; testId?: string }> }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(140px, 220px) minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1.5 },
        m: 0,
      }}
    >
      {rows.map((r) => (
        <Box key={r.label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ fontWeight: 500, mt: { xs: 1, sm: 0 } }}>
            {r.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, minWidth: 0, wordBreak: 'break-word' }} data-testid={r.testId}>
            {r.value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Loading / error placeholder for a screen whose data has not arrived. */
export function LoadState({ loading, error, text }: { loading: boolean; error: unknown; text: (e: unknown) => string }) {
  const { t } = useI18n();
  if (loading) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }} data-testid="loading">
        <CircularProgress size={18} />
        <Typography color="text.secondary">{t('common.loading')}</Typography>
      </Box>
    );
  }
  if (error)
    return (
      <Typography color="error" role="alert" data-testid="invalid-msg">
        {text(error)}
      </Typography>
    );
  return null;
}
