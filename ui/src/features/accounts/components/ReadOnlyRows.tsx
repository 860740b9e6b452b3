import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** A read-only profile: label / value rows that stack below 450 px. */
export function ReadOnlyRows({ rows }: { rows: Array<{ label: string; value: ReactNode; testId?: string }> }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 220px) 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1.5 }, m: 0 }}>
      {rows.map((r) => (
        <Box key={r.label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ fontWeight: 500, mt: { xs: 1, sm: 0 } }}>{r.label}</Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }} data-testid={r.testId}>{r.value || '—'}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Loading / error placeholder for a screen whose data has not arrived. */
export function LoadState({ loading, error, text }: { loading: boolean; error: unknown; text: (e: unknown) => string }) {
  if (loading) return <Typography color="text.secondary">…</Typography>;
  if (error) return <Typography color="error" role="alert" data-testid="invalid-msg">{text(error)}</Typography>;
  return null;
}
