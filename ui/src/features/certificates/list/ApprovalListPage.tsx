import { useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Grid, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { certificatesApi } from '../api';
import type { CertificateListCard, Toggle } from '@grain/domain';
import { INITIAL_TOGGLES } from '../status';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app';
import { useCertificateLive } from '../live';
import { useLoadPages } from '../../../app/use-load';
import { filterApprovals } from './filter';
import { StatusToggles } from './StatusToggles';
import { ApprovalCard } from './ApprovalCard';

/** The certificates of the toggled statuses, 50 a page by cursor, with the count per status (none asked with no toggle on). */
function useApprovalPages(toggles: Toggle[]) {
  return useLoadPages<CertificateListCard, Partial<Record<Toggle, number>> | undefined>(
    async (cursor) => {
      if (!toggles.length) return { items: [], next: null, extra: undefined };
      const r = await certificatesApi.list({ status: toggles, cursor, limit: 50 });
      return { items: r.approval_list, next: r.nextCursor, extra: r.counts as Partial<Record<Toggle, number>> };
    },
    [toggles],
  );
}

/** /views/approval/list and /views/home: toggles with counts, fuzzy search, cards; pages by cursor. */
export function ApprovalListPage() {
  const { t } = useI18n();
  const { can } = useAuth();
  const [toggles, setToggles] = useState<Toggle[]>(INITIAL_TOGGLES);
  const [query, setQuery] = useState('');
  const list = useApprovalPages(toggles);
  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const { loading, more } = list;
  const cursor = list.data?.next ?? null;
  const error = list.error ? (list.error as Error).message : null;
  // with no toggle on nothing is asked: the counts stay those of the last answer
  const lastCounts = useRef<Partial<Record<Toggle, number>>>({});
  if (list.data?.extra) lastCounts.current = list.data.extra;
  const counts = lastCounts.current;

  // A certificate changed somewhere (sign, reject, ...): reload the first page and the counts.
  useCertificateLive(() => void list.reload());

  const shown = useMemo(() => filterApprovals(items, toggles, query), [items, toggles, query]);

  return (
    <Box data-testid="approval-list">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} justifyContent="space-between" sx={{ mb: 2 }}>
        <Typography variant="h5">{t('cert.list.title')}</Typography>
        {can('editApproval') && (
          <Button variant="contained" component={RouterLink} to="/views/approval/create" data-testid="new-certificate">
            {t('cert.new')}
          </Button>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <StatusToggles value={toggles} counts={counts} onChange={setToggles} />
        <TextField
          size="small"
          label={t('cert.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          inputProps={{ 'data-testid': 'approval-search' }}
        />
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {!loading && shown.length === 0 && <Typography color="text.secondary">{t('cert.list.empty')}</Typography>}
      <Grid container spacing={2}>
        {shown.map((a) => (
          <Grid key={a._id} size={{ xs: 12, md: 6, lg: 4 }}>
            <ApprovalCard a={a} />
          </Grid>
        ))}
      </Grid>
      {cursor && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => void more()} disabled={loading}>
            {t('cert.list.more')}
          </Button>
        </Box>
      )}
      {loading && <Typography sx={{ mt: 2 }}>{t('common.loading')}</Typography>}
    </Box>
  );
}
