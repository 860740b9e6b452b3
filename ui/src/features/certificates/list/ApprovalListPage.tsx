import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Grid, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { certificatesApi } from '../api';
import type { CertificateListCard, Toggle } from '@grain/domain';
import { INITIAL_TOGGLES } from '../status';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app';
import { useCertificateLive } from '../live';
import { filterApprovals } from './filter';
import { StatusToggles } from './StatusToggles';
import { ApprovalCard } from './ApprovalCard';

/** /views/approval/list and /views/home: toggles with counts, fuzzy search, cards; pages by cursor. */
export function ApprovalListPage() {
  const { t } = useI18n();
  const { can } = useAuth();
  const [toggles, setToggles] = useState<Toggle[]>(INITIAL_TOGGLES);
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<CertificateListCard[]>([]);
  const [counts, setCounts] = useState<Partial<Record<Toggle, number>>>({});
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (more: string | null) => {
      setLoading(true);
      try {
        const r = await certificatesApi.list({ status: toggles, cursor: more, limit: 50 });
        setItems((prev) => (more ? [...prev, ...r.approval_list] : r.approval_list));
        setCounts(r.counts as Partial<Record<Toggle, number>>);
        setCursor(r.nextCursor);
        setError(null);
      } catch (e) {
        setError((e as Error).message);
      } finally {
        setLoading(false);
      }
    },
    [toggles],
  );

  useEffect(() => {
    if (toggles.length) void load(null);
    else {
      setItems([]);
      setLoading(false);
    }
  }, [load, toggles.length]);

  // A certificate changed somewhere (sign, reject, ...): reload the first page and the counts.
  useCertificateLive(() => void load(null));

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
          <Button onClick={() => void load(cursor)} disabled={loading}>
            {t('cert.list.more')}
          </Button>
        </Box>
      )}
      {loading && <Typography sx={{ mt: 2 }}>{t('common.loading')}</Typography>}
    </Box>
  );
}
