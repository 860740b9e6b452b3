/**
 * The company view's charts as plain SVG (no chart library): open actions per age band, and open /
 * closed per severity. Bars are labelled with their numbers, so the chart also reads without colour.
 */
import { Box, Typography } from '@mui/material';
import type { CorrectiveActionSummaryAnswer } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';

function Bars({ bars, title, testId }: { bars: Array<{ label: string; values: Array<{ n: number; color: string }> }>; title: string; testId: string }) {
  const max = Math.max(1, ...bars.flatMap((b) => b.values.map((v) => v.n)));
  const W = 320;
  const per = bars[0]?.values.length ?? 1;
  const barH = per > 1 ? 12 : 18;
  const rowH = per * (barH + 3) + 10;
  const labelW = 90;
  const H = bars.length * rowH + 8;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2">{title}</Typography>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" style={{ maxWidth: 480 }} role="img" aria-label={title} data-testid={testId}>
        {bars.map((b, i) => {
          const y = i * rowH + 4;
          const x = labelW;
          return (
            <g key={b.label}>
              <text x={0} y={y + (per * (barH + 3)) / 2 + 4} fontSize={12} fill="#333">
                {b.label}
              </text>
              {b.values.map((v, j) => {
                const w = ((W - labelW - 30) * v.n) / max;
                const rect = (
                  <rect key={j} x={x} y={y + (j * 20) / b.values.length} width={Math.max(w, v.n ? 2 : 0)} height={20 / b.values.length} fill={v.color} />
                );
                const text = (
                  <text key={`t${j}`} x={x + w + 4} y={y + (j * 20) / b.values.length + 20 / b.values.length - 2} fontSize={11} fill="#333">
                    {v.n}
                  </text>
                );
                return [rect, text];
              })}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}

export function AgeChart({ summary }: { summary: CorrectiveActionSummaryAnswer }) {
  const { t } = useI18n();
  return (
    <Box>
      <Bars
        title={t('ca.chart.title')}
        testId="ca-age-chart"
        bars={summary.openByAge.map((b) => ({ label: b.band, values: [{ n: b.count, color: '#ef6c00' }] }))}
      />
      <Bars
        title={t('ca.chart.severity')}
        testId="ca-severity-chart"
        bars={(['critical', 'major', 'minor'] as const).map((s) => ({
          label: t(`ca.severity.${s}`),
          values: [
            { n: summary.bySeverity[s].open, color: '#c62828' },
            { n: summary.bySeverity[s].closed, color: '#2e7d32' },
          ],
        }))}
      />
    </Box>
  );
}
