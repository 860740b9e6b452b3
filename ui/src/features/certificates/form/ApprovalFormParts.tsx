import { Button, Grid, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { checkAgainstStandard, PRIORITIES, type CertificateFormInfo, type CertificateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import type { ApprovalForm } from './form-model';
import { FarmDataPicker } from './FarmDataPicker';
import { StandardCheckPanel } from './StandardCheckPanel';
import { SupportDocsPicker } from './SupportDocsPicker';
import { ValidationChecklist } from './ValidationChecklist';

/** The certificate's number, name and priority (the number is fixed once the certificate left "created"). */
export function ApprovalHeaderFields({ existing }: { existing: CertificateView | null }) {
  const { t } = useI18n();
  const { register, watch, setValue, formState } = useFormContext<ApprovalForm>();
  const e = formState.errors;
  return (
    <>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextField
          fullWidth
          size="small"
          label={`${t('cert.number')} *`}
          disabled={!!existing && existing.status !== 'created'}
          {...register('approvalNumber')}
          error={!!e.approvalNumber}
          helperText={e.approvalNumber?.message ? t(e.approvalNumber.message) : undefined}
          inputProps={{ 'data-testid': 'approval-number' }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <TextField
          fullWidth
          size="small"
          label={`${t('cert.name')} *`}
          {...register('approvalName')}
          error={!!e.approvalName}
          helperText={e.approvalName?.message ? t(e.approvalName.message) : undefined}
          inputProps={{ 'data-testid': 'approval-name' }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 3 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('cert.priority')}
          value={watch('priority')}
          onChange={(ev) => setValue('priority', ev.target.value as ApprovalForm['priority'])}
          inputProps={{ 'data-testid': 'approval-priority' }}
        >
          {PRIORITIES.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`cert.priority.${p}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
    </>
  );
}

/** The farm record the certificate is about, with its check against the standard. */
export function PrimaryDocPanel({
  existing,
  farmInUse,
}: {
  existing: CertificateView | null;
  farmInUse: NonNullable<CertificateFormInfo['farmRecordsInUse']>;
}) {
  const { t } = useI18n();
  const { watch, setValue } = useFormContext<ApprovalForm>();
  const approvalDoc = watch('approvalDoc');
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t('cert.primaryDoc')} *
      </Typography>
      <FarmDataPicker
        value={approvalDoc}
        onChange={(d) => setValue('approvalDoc', d, { shouldDirty: true })}
        // records other certificates hold (this certificate's own record stays its own)
        inUse={Object.fromEntries(farmInUse.filter((u) => u.approvalNumber !== existing?.approvalNumber).map((u) => [u.farmRecordId, u.approvalNumber]))}
      />
      {approvalDoc?.farm && (
        <StandardCheckPanel
          check={checkAgainstStandard(approvalDoc.farm)}
          deviationReason={watch('deviationReason') ?? ''}
          onReason={(v) => setValue('deviationReason', v, { shouldDirty: true })}
        />
      )}
    </Paper>
  );
}

/** The supporting documents beside the checklist of what signing needs and the summary. */
export function SupportAndChecklist({ imageVerified }: { imageVerified: boolean }) {
  const { t } = useI18n();
  const { register, watch, setValue } = useFormContext<ApprovalForm>();
  const values = watch();
  return (
    <>
      <Grid size={{ xs: 12, md: 8 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {t('cert.relatedDocs')}
          </Typography>
          <SupportDocsPicker value={values.supportDocs} onChange={(d) => setValue('supportDocs', d, { shouldDirty: true })} />
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <ValidationChecklist
          primary={values.approvalDoc}
          supportCount={values.supportDocs.length}
          deviationReason={values.deviationReason}
          imageVerified={imageVerified}
        />
        <TextField
          sx={{ mt: 2 }}
          fullWidth
          multiline
          minRows={3}
          size="small"
          label={t('cert.summary')}
          placeholder={t('cert.summaryPlaceholder')}
          slotProps={{ inputLabel: { shrink: true } }}
          {...register('summary')}
        />
      </Grid>
    </>
  );
}

/** Cancel, save and submit (resubmit after a rejection). */
export function ApprovalFormActions(props: { busy: boolean; rejected: boolean; onCancel: () => void; onSave: () => void; onSubmit: () => void }) {
  const { t } = useI18n();
  return (
    <Stack direction="row" spacing={1} justifyContent="flex-end">
      <Button onClick={props.onCancel} disabled={props.busy} data-testid="form-cancel">
        {t('common.cancel')}
      </Button>
      <Button variant="outlined" onClick={props.onSave} disabled={props.busy} data-testid="form-save">
        {t('common.save')}
      </Button>
      <Button variant="contained" onClick={props.onSubmit} disabled={props.busy} data-testid="form-submit">
        {t(props.rejected ? 'cert.resubmit' : 'common.submit')}
      </Button>
    </Stack>
  );
}
