import type { ReactNode } from 'react';
import { Paper, Stack, Typography } from '@mui/material';
import type { LevelView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { storedWord } from '../../../app/stored-text';

/**
 * What the viewer is asked to do on the current level (sign, reject, delegate), held at the bottom of
 * the window while the page scrolls: the level panels sit below the documents, some 2,000 px down on a
 * phone. It is the last child of the page, so at the end of the page it rests in its own place.
 */
export function ActionBar({ level, children }: { level: LevelView | undefined; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <Paper
      elevation={8}
      data-testid="action-bar"
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        mt: 2,
        mx: { xs: -1, sm: 0 },
        px: 2,
        py: 1,
        borderTop: 2,
        borderColor: 'primary.main',
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} alignItems={{ sm: 'center' }} spacing={1}>
        {level && (
          <Typography variant="body2" sx={{ flexGrow: 1 }}>
            {t('cert.actionBar.asked', { level: level.level, group: storedWord(level.group, t) })}
          </Typography>
        )}
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          {children}
        </Stack>
      </Stack>
    </Paper>
  );
}
