import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { STREAMING_DEFAULT_INTERVAL_S } from '@grain/domain';
import { Page, useNotify } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { farmApi } from './api';
import { FarmDataTable, type FarmRow } from './FarmDataTable';

/** A non-numeric or non-positive interval falls back to 10 s (docs/spec/farm-data-and-documents.md §5), checked every tick. */
export function streamingInterval(text: string): number {
  const n = Number(text);
  return /^\d+$/.test(text.trim()) && n >= 1 ? n : STREAMING_DEFAULT_INTERVAL_S;
}

/** Whether this tick fetches a record: when seconds mod interval equals 1 (docs/spec/farm-data-and-documents.md §4), every tick for 1 s. */
export const isFetchTick = (seconds: number, interval: number) => (interval <= 1 ? true : seconds % interval === 1);

/**
 * /views/farmdata/harvesting/streaming: while on, a 1 s timer fetches an auto-generated record every
 * interval, adds it at the top as Saving, and saves it; the row turns Saved when the server has it on
 * the ledger (the real status rather than "the previous row").
 */
export function FarmDataStreamingPage() {
  const { t } = useI18n();
  const notify = useNotify();
  const [interval, setIntervalText] = useState(String(STREAMING_DEFAULT_INTERVAL_S));
  const [on, setOn] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [rows, setRows] = useState<FarmRow[]>([]);
  const intervalRef = useRef(interval);
  intervalRef.current = interval;

  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [on]);

  useEffect(() => {
    if (!on || seconds === 0 || !isFetchTick(seconds, streamingInterval(intervalRef.current))) return;
    let cancelled = false;
    (async () => {
      try {
        const g = await farmApi.autogenerate();
        const number = String(Date.now());
        const pending: FarmRow = { ...g, number, status: 'Saving', dataType: 'Streaming' };
        if (cancelled) return;
        setRows((rs) => [pending, ...rs]);
        const saved = await farmApi.create({ ...g, number, dataType: 'Streaming' });
        setRows((rs) => rs.map((r) => (r.number === number ? { ...saved, status: 'Saved' } : r)));
      } catch (e) {
        notify.error(e);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [on, seconds, notify]);

  const iv = streamingInterval(interval);
  const next = iv <= 1 ? 1 : (1 - (seconds % iv) + iv) % iv || iv;
  return (
    <Page
      title={t('farm.streamingTitle')}
      testId="farm-streaming"
      actions={
        <Button component={RouterLink} to="/views/farmdata/harvesting/list">
          {t('farm.backToList')}
        </Button>
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('common.blockchainWait')}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label={t('farm.interval')}
          value={interval}
          onChange={(e) => setIntervalText(e.target.value)}
          inputProps={{ 'data-testid': 'stream-interval', inputMode: 'numeric' }}
        />
        <Button
          variant="contained"
          disabled={on}
          onClick={() => {
            setSeconds(0);
            setOn(true);
          }}
          data-testid="stream-start"
        >
          {t('farm.start')}
        </Button>
        <Button variant="outlined" color="error" disabled={!on} onClick={() => setOn(false)} data-testid="stream-stop">
          {t('farm.stop')}
        </Button>
        {on && (
          <Typography variant="body2" data-testid="stream-next">
            {t('farm.streamingOn', { s: next })}
          </Typography>
        )}
      </Stack>
      <FarmDataTable rows={rows} showStatus testId="stream-table" />
    </Page>
  );
}
