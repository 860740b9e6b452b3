import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { Language } from '@grain/domain';
import { useI18n } from '../i18n/i18n';

/** en / vn switch; the choice persists (localStorage 'lang') and is sent to the API as x-lang. */
export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'default' }) {
  const { lang, setLang, t } = useI18n();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={lang}
      aria-label={t('nav.language')}
      onChange={(_e, v: Language | null) => v && setLang(v)}
      sx={
        color === 'inherit'
          ? {
              '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'rgba(255,255,255,0.5)', py: 0.25 },
              '& .Mui-selected': { bgcolor: 'rgba(255,255,255,0.25) !important' },
            }
          : { '& .MuiToggleButton-root': { py: 0.25 } }
      }
    >
      {/* named by what they show (EN, VN); the language's own name is the hint */}
      <ToggleButton value="en" data-testid="lang-en" title="English" lang="en" sx={{ minWidth: 44, minHeight: 44 }}>
        EN
      </ToggleButton>
      <ToggleButton value="vn" data-testid="lang-vn" title="Tiếng Việt" lang="vi" sx={{ minWidth: 44, minHeight: 44 }}>
        VN
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
