import { Box, Tooltip } from '@mui/material';
import type { ListCardLevel } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';

/** One segment per level: done levels green, the current one amber, the rest grey (docs/spec/approvals.md §2). */
export function LevelProgress({ levels, stageLevel }: { levels: ListCardLevel[]; stageLevel: number }) {
  const { t } = useI18n();
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }} data-testid="level-progress" aria-label={t('cert.progress')}>
      {levels.map((l) => {
        const state = l.status === 'done' ? 'done' : l.level === stageLevel ? 'current' : 'waiting';
        return (
          <Tooltip key={l.level} title={`${l.level}. ${l.group}: ${l.signedCount}/${l.signatures}`}>
            <Box
              data-testid={`level-segment-${l.level}`}
              data-state={state}
              sx={{
                flex: 1,
                height: 8,
                borderRadius: 1,
                bgcolor: state === 'done' ? 'success.main' : state === 'current' ? 'warning.main' : 'grey.300',
              }}
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}
