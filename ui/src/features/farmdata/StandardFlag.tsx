import { Chip, Tooltip } from '@mui/material';
import { checkAgainstStandard, failedRequirements, type MeasuredRecord } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';

/**
 * Whether a record's measurements meet the standard of its claimed grade, computed here with the same
 * rule the server answers as `standard`, so rows not yet saved (CSV preview, streaming) are flagged too.
 * A flag only: out-of-grade grain is still recorded.
 */
export function StandardFlag({ row }: { row: MeasuredRecord }) {
  const { t, lang } = useI18n();
  const number = (n: number | undefined) =>
    n === undefined ? '' : new Intl.NumberFormat(lang === 'vn' ? 'vi-VN' : 'en-AU', { maximumFractionDigits: 2 }).format(n);
  const check = checkAgainstStandard({ ...row, protein: Number(row.protein), moisture: Number(row.moisture) });
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      data-testid="standard-flag"
      data-result={check.result}
      label={t(`farm.standard.${check.result}`)}
      color={check.result === 'pass' ? 'success' : check.result === 'fail' ? 'warning' : 'default'}
    />
  );
  if (check.result !== 'fail') return chip;
  const why = failedRequirements(check)
    .map((r) =>
      r.measured === null
        ? t('farm.standard.why.notMeasured', { measure: t(`farm.${r.measure}`) })
        : t(`farm.standard.why.${r.measure}`, { limit: number(r.min ?? r.max), grade: check.grade }),
    )
    .join(' ');
  return <Tooltip title={why}>{chip}</Tooltip>;
}
