import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { ImageVerificationView } from '@grain/domain';
import { Page, useNotify } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { useLoad, useLoadErrorNotice } from '../../app/use-load';
import { farmApi } from './api';
import { RecordCard, RecordPicker, usePhotoPreview, VerificationResult } from './ImageValidationParts';

/** The farm records, the picked one and its last check, through the one loading hook (a record's answers only for that record). */
function useImageValidationData(id: string) {
  const records = useLoad(() => farmApi.list());
  useLoadErrorNotice(records.error);
  const record = useLoad(async () => (id ? farmApi.detail(id) : null), [id]);
  useLoadErrorNotice(record.error);
  // no result yet is an answer too: the page says so
  const result = useLoad(async () => ({ id, result: id ? await farmApi.result(id).catch(() => null) : null }), [id]);
  return {
    records: records.data ?? [],
    record: record.data && record.data._id === id ? record.data : null,
    setRecord: record.setData,
    result: result.data?.id === id ? result.data.result : null,
    setResult: (r: ImageVerificationView | null) => result.setData({ id, result: r }),
  };
}

/**
 * /imagevalidation: the embedded grain image verifier. The generated link opens it with
 * ?farm_data_id=; without one, a record is picked from the list. When the deployment uses the
 * external service, its link opens that service instead and this page only shows results.
 */
export function ImageValidationPage() {
  const { t } = useI18n();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const id = params.get('farm_data_id') ?? '';
  const { records, record, setRecord, result, setResult } = useImageValidationData(id);
  /** The last upload when it was refused but the earlier verified photo stood (shown beside that result). */
  const [refusal, setRefusal] = useState<ImageVerificationView | null>(null);
  useEffect(() => setRefusal(null), [id]);
  const [photo, setPhoto] = useState<File | null>(null);
  const preview = usePhotoPreview(photo);
  const [busy, setBusy] = useState(false);

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
      <RecordPicker records={records} id={id} onPick={(v) => setParams({ farm_data_id: v })} />
      {record && <RecordCard record={record} />}
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
          <VerificationResult result={result} refusal={refusal} />
        </Stack>
      )}
    </Page>
  );
}
