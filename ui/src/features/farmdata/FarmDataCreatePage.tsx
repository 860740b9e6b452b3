import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { HARVEST_GRADES, MANUAL_GRAIN_TYPES } from '@grain/domain';
import { Page } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { storedWord } from '../../app/stored-text';
import { StandardFlag } from './StandardFlag';
import type { FarmEntry } from './farm-entry';
import { useFarmEntry } from './use-farm-entry';

type Entry = ReturnType<typeof useFarmEntry>;

/** A required text field of the entry; its error (after a refused submit) takes the place of its own helper text. */
function EntryField({ entry, k, label, extra = {} }: { entry: Entry; k: keyof FarmEntry; label: string; extra?: Record<string, unknown> }) {
  const { t } = useI18n();
  const error = entry.errors[k];
  return (
    <TextField
      fullWidth
      required
      label={t(label)}
      value={entry.v[k]}
      onChange={entry.set(k)}
      inputProps={{ 'data-testid': `farm-${k}` }}
      {...extra}
      // after `extra`: a field's own helper text (the date format) gives way to its error
      error={!!error}
      helperText={error ? t(error) : (extra.helperText as string)}
    />
  );
}

/** The grain type (the manual entry's list, in the reader's words) and the claimed harvest grade. */
function GrainSelects({ entry }: { entry: Entry }) {
  const { t } = useI18n();
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          fullWidth
          label={t('farm.grainType')}
          value={entry.v.grainType}
          onChange={entry.set('grainType')}
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
        <TextField select fullWidth label={t('farm.harvestGrade')} value={entry.v.harvestGrade} onChange={entry.set('harvestGrade')}>
          {HARVEST_GRADES.map((g) => (
            <MenuItem key={g} value={g}>
              {g}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
    </>
  );
}

/** While typing: whether the record meets the standard of its claimed grade, once protein and moisture are there. */
function StandardPreview({ v }: { v: FarmEntry }) {
  const { t } = useI18n();
  if (v.protein.trim() === '' || v.moisture.trim() === '') return null;
  return (
    <Typography component="div" sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'center' }} data-testid="farm-standard-preview">
      {t('farm.standard')}: <StandardFlag row={{ ...v, protein: Number(v.protein), moisture: Number(v.moisture) }} />
    </Typography>
  );
}

/** /views/farmdata/harvesting/create: one harvesting record by hand, recorded on the blockchain when saved. */
export function FarmDataCreatePage() {
  const { t } = useI18n();
  const entry = useFarmEntry();
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
      <form onSubmit={entry.submit} noValidate>
        <Grid container spacing={2} sx={{ maxWidth: 800 }}>
          <GrainSelects entry={entry} />
          <Grid size={12}>
            <EntryField entry={entry} k="storageLocation" label="farm.storageLocation" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <EntryField entry={entry} k="quantity" label="farm.quantity" extra={{ inputMode: 'numeric' }} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <EntryField entry={entry} k="protein" label="farm.protein" extra={{ inputMode: 'decimal' }} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <EntryField entry={entry} k="moisture" label="farm.moisture" extra={{ inputMode: 'decimal' }} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <EntryField entry={entry} k="productionDate" label="farm.productionDate" extra={{ placeholder: 'dd/MM/yyyy', helperText: t('farm.dateFormat') }} />
          </Grid>
        </Grid>
        <StandardPreview v={entry.v} />
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={entry.busy} data-testid="farm-submit">
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
