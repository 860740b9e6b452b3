import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { FarmData } from '@grain/domain';
import { Page, useNotify } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { storedWord } from '../../app/stored-text';
import type { ImageVerificationView } from '@grain/domain';
import { farmApi } from './api';
import { displayDate, formatPercent, formatQuantity } from './format';

/**
 * /imagevalidation: the embedded grain image verifier. The generated link opens it with
 * ?farm_data_id=; without one, a record is picked from the list. When the deployment uses the
 * external service, its link opens that service instead and this page only shows results.
 */
export function ImageValidationPage() {
  const { t, lang } = useI18n();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const id = params.get('farm_data_id') ?? '';
  const [records, setRecords] = useState<FarmData[]>([]);
  const [record, setRecord] = useState<FarmData | null>(null);
  const [result, setResult] = useState<ImageVerificationView | null>(null);
  /** The last upload when it was refused but the earlier verified photo stood (shown beside that result). */
  const [refusal, setRefusal] = useState<ImageVerificationView | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    farmApi.list().then(setRecords, notify.error);
  }, [notify]);
  useEffect(() => {
    setRecord(null);
    setResult(null);
    setRefusal(null);
    if (!id) return;
    farmApi.detail(id).then(setRecord, notify.error);
    farmApi.result(id).then(setResult, () => setResult(null));
  }, [id, notify]);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const check = async () => {
    if (!photo || !id) return notify.error('SELECT_FILE');
    setBusy(true);
    try {
      const r = await farmApi.uploadPhoto(id, photo);
      // a refusal after a verified photo leaves that photo in place: keep showing it, say why the new one failed
      setRefusal(r?.kept_verified ? r : null);
      setResult(r?.kept_verified ? await farmApi.result(id) : r);
      if (r?.verified) notify.success(t('farm.verified', { w: r.width ?? 0, h: r.height ?? 0 }));
      else notify.error(r?.reason ?? 'INTERNAL');
      setRecord(await farmApi.detail(id));
    } catch (e) {
      notify.error(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t('farm.verifyTitle')}
      testId="image-validation"
      actions={
        <Button component={RouterLink} to="/views/farmdata/harvesting/list">
          {t('farm.backToList')}
        </Button>
      }
    >
      <TextField
        select
        fullWidth
        label={t('farm.pickRecord')}
        value={records.some((r) => r._id === id) ? id : ''}
        onChange={(e) => setParams({ farm_data_id: e.target.value })}
        sx={{ mb: 2, maxWidth: 600 }}
        SelectProps={{ inputProps: { 'data-testid': 'pick-record' } }}
      >
        {records.map((r) => (
          <MenuItem key={r._id} value={r._id}>{`${r.number} · ${storedWord(r.grainType, t)} · ${r.storageLocation}`}</MenuItem>
        ))}
      </TextField>
      {record && (
        <Card variant="outlined" sx={{ mb: 2, maxWidth: 600 }}>
          <CardContent>
            <Typography variant="subtitle1">{`${t('farm.number')} ${record.number}`}</Typography>
            <Typography variant="body2">{`${storedWord(record.grainType, t)} ${record.harvestGrade} · ${record.storageLocation} · ${formatQuantity(record.quantity, lang)} · ${t('farm.protein')} ${formatPercent(record.protein, lang)} · ${t('farm.moisture')} ${formatPercent(record.moisture, lang)} · ${displayDate(record.productionDate)}`}</Typography>
            <Typography
              variant="body2"
              sx={{ mt: 1 }}
              data-testid="image-state"
            >{`${t('farm.image')}: ${t(`farm.image.${record.imageValidation}`)}`}</Typography>
          </CardContent>
        </Card>
      )}
      {id && (
        <Stack spacing={2} sx={{ maxWidth: 600 }}>
          <Typography variant="body2" color="text.secondary">
            {t('farm.photoRules')}
          </Typography>
          <Stack direction="row" spacing={2} alignItems="center">
            <Button variant="outlined" component="label">
              {t('farm.choosePhoto')}
              <input
                hidden
                type="file"
                accept="image/png,image/jpeg,image/gif"
                data-testid="photo-input"
                onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
              />
            </Button>
            <Button variant="contained" disabled={!photo || busy} onClick={check} data-testid="photo-submit">
              {t('farm.checkPhoto')}
            </Button>
            <Button onClick={() => farmApi.result(id).then(setResult, notify.error)}>{t('farm.refreshResult')}</Button>
          </Stack>
          {preview && (
            <Box component="img" src={preview} alt="" sx={{ maxWidth: 320, maxHeight: 240, objectFit: 'contain', border: 1, borderColor: 'divider' }} />
          )}
          {refusal && (
            <Alert severity="warning" data-testid="photo-refused">
              {t('farm.refusedKept', { reason: refusal.reason ? t(refusal.reason) : '' })}
            </Alert>
          )}
          <Box data-testid="verification-result">
            {!result ? (
              <Alert severity="info">{t('farm.noResult')}</Alert>
            ) : result.verified ? (
              <Alert severity="success">{t('farm.verified', { w: result.width ?? '-', h: result.height ?? '-' })}</Alert>
            ) : (
              <Alert severity="error">{t('farm.rejected', { reason: result.reason ? t(result.reason) : '' })}</Alert>
            )}
          </Box>
          {result?.verified && result.image_url && (
            <Box component="img" src={result.image_url} alt={t('farm.image')} sx={{ maxWidth: 320, border: 1, borderColor: 'divider' }} />
          )}
        </Stack>
      )}
    </Page>
  );
}
