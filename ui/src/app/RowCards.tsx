import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';

/**
 * True below the `md` breakpoint (768 px): a wide table (farm data, documents, certificates, policy) turns into one card per
 * row there, so a 450 px phone shows every value without sideways scrolling.
 */
export function useCardLayout(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'));
}

export interface RowCard {
  key: string;
  title: ReactNode;
  /** Beside the title (a status chip, ...). */
  badge?: ReactNode;
  /** Label / value pairs, in the table's column order. */
  fields: Array<[label: string, value: ReactNode]>;
  /** Buttons under the fields (they do not trigger onClick). */
  actions?: ReactNode;
  onClick?: () => void;
  /** This card's own data-testid (the table row's), instead of the list-wide rowTestId. */
  testId?: string;
}

/** The narrow-screen form of a table: a list of cards with the column labels beside the values. */
export function RowCards({ rows, testId, rowTestId }: { rows: RowCard[]; testId?: string; rowTestId?: string }) {
  return (
    <Stack spacing={1} data-testid={testId} role="list">
      {rows.map((r) => {
        const body = (
          <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
              <Typography variant="subtitle2" component="h2" sx={{ wordBreak: 'break-word' }}>
                {r.title}
              </Typography>
              {r.badge}
            </Stack>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.25, m: 0 }}>
              {r.fields.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
        );
        return (
          <Card key={r.key} variant="outlined" role="listitem" data-testid={r.testId ?? rowTestId}>
            {r.onClick ? <CardActionArea onClick={r.onClick}>{body}</CardActionArea> : body}
            {r.actions && <Box sx={{ px: 1.5, pb: 1.5 }}>{r.actions}</Box>}
          </Card>
        );
      })}
    </Stack>
  );
}
