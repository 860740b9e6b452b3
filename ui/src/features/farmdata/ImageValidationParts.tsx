import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import type { FarmData, ImageVerificationView } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { storedWord } from '../../app/stored-text';
import { displayDate, formatPercent, formatQuantity } from './format';

/** The farm record to verify, picked from the list (the generated link picks it already). */
export function RecordPicker({ records, id, onPick }: { records: FarmData[]; id: string; onPick: (id: string) => void }) {
  const { t } = useI18n();
  return (
    <TextField
      select
      fullWidth
      label={t('farm.pickRecord')}
      value={records.some((r) => r._id === id) ? id : ''}
      onChange={(e) => onPick(e.target.value)}
      sx={{ mb: 2, maxWidth: 600 }}
      SelectProps={{ inputProps: { 'data-testid': 'pick-record' } }}
    >
      {records.map((r) => (
        <MenuItem key={r._id} value={r._id}>{`${r.number} · ${storedWord(r.grainType, t)} · ${r.storageLocation}`}</MenuItem>
      ))}
    </TextField>
  );
}

/** The picked record in brief, with the state of its image check. */
export function RecordCard({ record }: { record: FarmData }) {
  const { t, lang } = useI18n();
  return (
    <Card variant="outlined" sx={{ mb: 2, maxWidth: 600 }}>
      <CardContent>
        <Typography variant="subtitle1">{`${t('farm.number')} ${record.number}`}</Typography>
        <Typography variant="body2">{`${storedWord(record.grainType, t)} ${record.harvestGrade} · ${record.storageLocation} · ${formatQuantity(record.quantity, lang)} · ${t('farm.protein')} ${formatPercent(record.protein, lang)} · ${t('farm.moisture')} ${formatPercent(record.moisture, lang)} · ${displayDate(record.productionDate)}`}</Typography>
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="image-state">{`${t('farm.image')}: ${t(`farm.image.${record.imageValidation}`)}`}</Typography>
      </CardContent>
    </Card>
  );
}

/** The check's result (verified, rejected or none yet), and a refused new photo beside the verified one it left in place. */
export function VerificationResult({ result, refusal }: { result: ImageVerificationView | null; refusal: ImageVerificationView | null }) {
  const { t } = useI18n();
  return (
    <>
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
    </>
  );
}

/** A local preview of the chosen photo (its object URL released when the photo changes or the page closes). */
export function usePhotoPreview(photo: File | null): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  return preview;
}
