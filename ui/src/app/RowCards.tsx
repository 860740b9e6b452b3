import { useCallback, useState, type ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';

/**
 * True below the `md` breakpoint (768 px): a wide table (farm data, documents, certificates, policy) turns into one card per
 * row there, so a 450 px phone shows every value without sideways scrolling.
 */
export function useCardLayout(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'));
}

/**
 * True while the element behind the returned ref is narrower than `minWidth`: a table that needs that
 * width turns into cards where its box is small, not only where the window is (a table beside a side
 * panel on a 1280 px screen).
 */
export function useNarrowBox(minWidth: number): [(el: HTMLElement | null) => (() => void) | undefined, boolean] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((el: HTMLElement | null) => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width > 0 && width < minWidth];
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
  /** The picked one of a choice (outlined in the primary colour; aria-pressed on its button). */
  selected?: boolean;
  /** This card's own data-testid (the table row's), instead of the list-wide rowTestId. */
  testId?: string;
}

/** The narrow-screen form of a table: a list of cards with the column labels beside the values. */
export function RowCards({ rows, testId, rowTestId, wide }: { rows: RowCard[]; testId?: string; rowTestId?: string; wide?: boolean }) {
  return (
    <Stack
      spacing={wide ? 0 : 1}
      data-testid={testId}
      role="list"
      // with room for more than one card a row (a desk), the cards tile
      sx={wide ? { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 1 } : undefined}
    >
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
          <Card
            key={r.key}
            variant="outlined"
            role="listitem"
            data-testid={r.testId ?? rowTestId}
            sx={r.selected ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}
          >
            {r.onClick ? (
              <CardActionArea onClick={r.onClick} aria-pressed={r.selected === undefined ? undefined : r.selected}>
                {body}
              </CardActionArea>
            ) : (
              body
            )}
            {r.actions && <Box sx={{ px: 1.5, pb: 1.5 }}>{r.actions}</Box>}
          </Card>
        );
      })}
    </Stack>
  );
}
