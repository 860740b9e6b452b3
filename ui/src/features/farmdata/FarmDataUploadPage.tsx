import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, LinearProgress, List, ListItem, Stack, Typography } from '@mui/material';
import { ApiError } from '../../api/client';
import { Page, useNotify } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { uploadCsv } from './api';
import { CsvPreview } from './CsvPreview';
import { parseCsvFile, type CsvPreviewRow } from './csv-parse';
import { useCompanyToday } from '../../app/place';
import { FarmDataTable } from './FarmDataTable';
import type { FarmData } from '@grain/domain';

/**
 * /views/farmdata/harvesting/upload: choose a CSV, see it parsed and checked, then save it whole.
 * The server checks again and saves all rows or none.
 */
export function FarmDataUploadPage() {
  const { t } = useI18n();
  // the company's calendar day: the preview refuses the production dates the server refuses
  const today = useCompanyToday();
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<CsvPreviewRow[] | null>(null);
  const [progress, setProgress] = useState<{ phase: 'parsing' | 'uploading' | 'saving'; pct: number } | null>(null);
  const [serverRows, setServerRows] = useState<Array<{ row: number; message: string }>>([]);
  const [saved, setSaved] = useState<FarmData[] | null>(null);

  const choose = async (f: File | undefined) => {
    setSaved(null);
    setServerRows([]);
    setRows(null);
    if (!f) return;
    setFile(f);
    setProgress({ phase: 'parsing', pct: 0 });
    try {
      setRows(await parseCsvFile(f, today, (pct) => setProgress({ phase: 'parsing', pct })));
    } catch {
      notify.error('CSV_READ_ERROR');
    } finally {
      setProgress(null);
    }
  };

  const save = async () => {
    if (!file) return;
    setProgress({ phase: 'uploading', pct: 0 });
    try {
      // Once the file is sent the server checks every row and writes them and their ledger blocks at once.
      const res = await uploadCsv(file, (pct) => setProgress(pct < 100 ? { phase: 'uploading', pct } : { phase: 'saving', pct }));
      setSaved(res.farmDatas);
      setRows(null);
      notify.success(t('farm.savedRows', { rows: res.saved }));
    } catch (e) {
      const details = e instanceof ApiError ? (e.body as { details?: { rows?: Array<{ row: number; message: string }> } })?.details : undefined;
      setServerRows(details?.rows ?? []);
      notify.error(e);
    } finally {
      setProgress(null);
    }
  };

  const bad = rows?.filter((r) => 'code' in r.result).length ?? 0;
  return (
    <Page
      title={t('farm.uploadTitle')}
      testId="farm-upload"
      actions={
        <Button component={RouterLink} to="/views/farmdata/harvesting/list">
          {t('farm.backToList')}
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('farm.csvHelp')}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('common.blockchainWait')}
      </Alert>
      <Stack direction="row" spacing={2} alignItems="center">
        <Button variant="outlined" component="label">
          {t('farm.chooseCsv')}
          <input hidden type="file" accept=".csv,text/csv" data-testid="csv-input" onChange={(e) => choose(e.target.files?.[0])} />
        </Button>
        {file && <Typography>{file.name}</Typography>}
        {rows && rows.length > 0 && (
          <Button variant="contained" disabled={bad > 0 || !!progress} onClick={save} data-testid="csv-save">
            {t('farm.saveAll', { rows: rows.length })}
          </Button>
        )}
      </Stack>
      {progress && (
        <Box sx={{ my: 2 }} data-testid="csv-progress">
          <Typography variant="body2">{t(`farm.${progress.phase}`, { pct: progress.pct, rows: rows?.length ?? 0 })}</Typography>
          <LinearProgress variant={progress.phase === 'saving' ? 'indeterminate' : 'determinate'} value={progress.pct} />
        </Box>
      )}
      {rows && rows.length === 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('CSV_EMPTY')}
        </Alert>
      )}
      {serverRows.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          <List dense>
            {serverRows.map((r) => (
              <ListItem key={r.row}>{`${t('farm.row')} ${r.row}: ${r.message}`}</ListItem>
            ))}
          </List>
        </Alert>
      )}
      {rows && rows.length > 0 && <CsvPreview rows={rows} />}
      {saved && (
        <Box sx={{ mt: 2 }}>
          <FarmDataTable rows={saved} testId="csv-saved" />
        </Box>
      )}
    </Page>
  );
}
