import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { TOGGLES, type Toggle } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';

/** The five toggles with their counts; several may be on at once. */
export function StatusToggles({ value, counts, onChange }: { value: Toggle[]; counts: Partial<Record<Toggle, number>>; onChange(v: Toggle[]): void }) {
  const { t } = useI18n();
  return (
    <ToggleButtonGroup value={value} onChange={(_e, v: Toggle[]) => onChange(v)} size="small" aria-label={t('cert.filter')}>
      {TOGGLES.map((k) => (
        <ToggleButton key={k} value={k} data-testid={`toggle-${k}`} aria-label={t(`cert.toggle.${k}`)}>
          {t(`cert.toggle.${k}`)} ({counts[k] ?? 0})
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
