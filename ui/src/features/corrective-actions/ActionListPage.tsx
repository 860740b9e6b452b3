import { useState } from 'react';
import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import type { CorrectiveActionSummaryAnswer } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { errorText, Page, useAuth } from '../../app';
import { can } from '../../app/auth';
import { useLoad } from '../../app/use-load';
import { actionsApi } from './api';
import { useActionLive } from './live';
import { ActionRows } from './parts';
import { AgeChart } from './AgeChart';
import { WaitingActions } from './WaitingActions';

const FILTERS = ['open_any', 'overdue', 'fix_submitted', 'closed', 'all'] as const;

/**
 * /views/corrective-actions/list: what waits for the signed-in user, then the company view — counts,
 * open actions' ages and severities as charts, and the list filtered by state. It follows every change
 * of the company's actions (the live channel).
 */
export function ActionListPage() {
  const { t } = useI18n();
  const { user } = useAuth();
  const mayView = can(user, 'viewCorrectiveAction');
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('open_any');
  const loaded = useLoad(async () => {
    if (!mayView) return null;
    const [list, summary] = await Promise.all([actionsApi.list(filter === 'all' ? undefined : filter), actionsApi.summary()]);
    return { rows: list.actions, summary };
  }, [filter, mayView]);
  useActionLive(() => void loaded.reload());
  const rows = loaded.data?.rows;
  return (
    <Page title={t('ca.title')} testId="ca-list-page">
      <WaitingActions title="ca.waiting.mine" />
      {!!loaded.error && <Alert severity="error">{errorText(loaded.error, t)}</Alert>}
      {loaded.data && <SummaryBox summary={loaded.data.summary} />}
      {mayView && (
        <>
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
            {FILTERS.map((f) => (
              <Chip
                key={f}
                label={t(`ca.filter.${f}`)}
                color={f === filter ? 'primary' : 'default'}
                onClick={() => setFilter(f)}
                data-testid={`ca-filter-${f}`}
              />
            ))}
          </Stack>
          {rows && !rows.length && <Typography color="text.secondary">{t('ca.empty')}</Typography>}
          {rows && rows.length > 0 && <ActionRows rows={rows} testId="ca-list" />}
        </>
      )}
    </Page>
  );
}

/** The company's counts, the open actions by age, the oldest open one and the average time to close. */
function SummaryBox({ summary }: { summary: CorrectiveActionSummaryAnswer }) {
  const { t } = useI18n();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="ca-summary">
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
        {(['open', 'overdue', 'fixSubmitted', 'closed'] as const).map((k) => (
          <Box key={k} sx={{ minWidth: 72, textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }} data-testid={`ca-count-${k}`}>
            <Typography variant="h5">{summary.counts[k]}</Typography>
            <Typography variant="caption">{t(`ca.counts.${k}`)}</Typography>
          </Box>
        ))}
      </Stack>
      <AgeChart summary={summary} />
      {summary.oldestOpenDays !== null && <Typography variant="body2">{t('ca.oldest', { n: summary.oldestOpenDays })}</Typography>}
      {summary.averageDaysToClose !== null && <Typography variant="body2">{t('ca.avgClose', { n: summary.averageDaysToClose })}</Typography>}
    </Paper>
  );
}
