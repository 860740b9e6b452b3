import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Button, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  checkAgainstStandard,
  DEFAULT_GRAIN_TYPE,
  DEFAULT_HARVEST_GRADE,
  farmDataInputSchemaFor,
  HARVEST_GRADES,
  toDisplayDate,
  MANUAL_GRAIN_TYPES,
} from '@grain/domain';
import { Page, useNotify } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { storedWord } from '../../app/stored-text';
import { farmApi } from './api';
import { shortHash } from './format';
import { StandardFlag } from './StandardFlag';
import { useCompanyToday } from '../../app/place';

/** /views/farmdata/harvesting/create: one harvesting record by hand, recorded on the blockchain when saved. */
export function FarmDataCreatePage() {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  // the company's calendar day: a production date after it cannot be true (the server's rule too)
  const today = useCompanyToday();
  const [v, setV] = useState({
    grainType: DEFAULT_GRAIN_TYPE as string,
    harvestGrade: DEFAULT_HARVEST_GRADE as string,
    storageLocation: '',
    quantity: '',
    protein: '',
    moisture: '',
    productionDate: toDisplayDate(today),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = farmDataInputSchemaFor(today).safeParse({ ...v, dataType: 'Manual' });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await farmApi.create({ ...v, dataType: 'Manual' });
      notify.success(t('farm.saved', { tx: shortHash(saved.txId) || t('farm.txPending') }));
      if (checkAgainstStandard(saved).result === 'fail') notify.warning(t('farm.savedOutOfStandard'));
      navigate('/views/farmdata/harvesting/list');
    } catch (err) {
      notify.error(err);
    } finally {
      setBusy(false);
    }
  };
  const field = (k: keyof typeof v, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      fullWidth
      required
      label={t(label)}
      value={v[k]}
      onChange={set(k)}
      inputProps={{ 'data-testid': `farm-${k}` }}
      {...extra}
      // after `extra`: a field's own helper text (the date format) gives way to its error
      error={!!errors[k]}
      helperText={errors[k] ? t(errors[k]) : (extra.helperText as string)}
    />
  );

  return (
    <Page
      title={t('farm.createTitle')}
      testId="farm-create"
      actions={
        <Button component={RouterLink} to="/views/farmdata/harvesting/list">
          {t('farm.backToList')}
        </Button>
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('common.blockchainWait')}
      </Alert>
      <form onSubmit={submit} noValidate>
        <Grid container spacing={2} sx={{ maxWidth: 800 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              fullWidth
              label={t('farm.grainType')}
              value={v.grainType}
              onChange={set('grainType')}
              SelectProps={{ inputProps: { 'data-testid': 'farm-grainType' } }}
            >
              {MANUAL_GRAIN_TYPES.map((g) => (
                <MenuItem key={g} value={g}>
                  {storedWord(g, t)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField select fullWidth label={t('farm.harvestGrade')} value={v.harvestGrade} onChange={set('harvestGrade')}>
              {HARVEST_GRADES.map((g) => (
                <MenuItem key={g} value={g}>
                  {g}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={12}>{field('storageLocation', 'farm.storageLocation')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{field('quantity', 'farm.quantity', { inputMode: 'numeric' })}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{field('protein', 'farm.protein', { inputMode: 'decimal' })}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{field('moisture', 'farm.moisture', { inputMode: 'decimal' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('productionDate', 'farm.productionDate', { placeholder: 'dd/MM/yyyy', helperText: t('farm.dateFormat') })}
          </Grid>
        </Grid>
        {v.protein.trim() !== '' && v.moisture.trim() !== '' && (
          <Typography component="div" sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'center' }} data-testid="farm-standard-preview">
            {t('farm.standard')}: <StandardFlag row={{ ...v, protein: Number(v.protein), moisture: Number(v.moisture) }} />
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={busy} data-testid="farm-submit">
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
