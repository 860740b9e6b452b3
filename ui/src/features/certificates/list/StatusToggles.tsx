import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { TOGGLES, type Toggle } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { useCardLayout } from '../../../app/RowCards';

/**
 * Below 768 px the five toggles do not fit one row (longer labels in vn, larger counts): there each is
 * its own bordered button in a wrapping grid, so the page never scrolls sideways.
 */
const WRAPPED = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(108px, 1fr))',
  gap: 1,
  '& .MuiToggleButtonGroup-grouped': { m: 0, border: 1, borderColor: 'divider', borderRadius: 1, lineHeight: 1.3 },
  '& .MuiToggleButtonGroup-grouped:not(:first-of-type)': { ml: 0, borderLeft: 1, borderColor: 'divider', borderRadius: 1 },
  '& .MuiToggleButtonGroup-grouped:not(:last-of-type)': { borderRadius: 1 },
} as const;

/** The five toggles with their counts; several may be on at once. */
export function StatusToggles({ value, counts, onChange }: { value: Toggle[]; counts: Partial<Record<Toggle, number>>; onChange(v: Toggle[]): void }) {
  const { t } = useI18n();
  const narrow = useCardLayout();
  return (
    <ToggleButtonGroup
      value={value}
      onChange={(_e, v: Toggle[]) => onChange(v)}
      size="small"
      aria-label={t('cert.filter')}
      data-testid="status-toggles"
      sx={narrow ? WRAPPED : undefined}
    >
      {TOGGLES.map((k) => (
        <ToggleButton key={k} value={k} data-testid={`toggle-${k}`} aria-label={t(`cert.toggle.${k}`)}>
          {t(`cert.toggle.${k}`)} ({counts[k] ?? 0})
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
