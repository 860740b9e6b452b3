import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Grid, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { FormProvider, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { checkAgainstStandard, PRIORITIES, type CertificateFormInfo, type CertificateView, type CompanyPerson } from '@grain/domain';
import { certificatesApi } from '../api';
import { useI18n } from '../../../i18n/i18n';
import { errorText, MessageDialog, Page, useNotify } from '../../../app';
import {
  approvalFormSchema,
  clearDraft,
  emptyForm,
  formFromApproval,
  levelsFromTemplate,
  loadDraft,
  missingFields,
  newLevel,
  saveDraft,
  toInput,
  type ApprovalForm,
  type MissingField,
} from './form-model';
import { MissingFieldsDialog } from './MissingFieldsDialog';
import { LevelPanel } from './LevelPanel';
import { FarmDataPicker } from './FarmDataPicker';
import { SupportDocsPicker } from './SupportDocsPicker';
import { ValidationChecklist, checklist } from './ValidationChecklist';
import { TemplateBar } from './TemplateBar';
import { StandardCheckPanel } from './StandardCheckPanel';
import { useImageVerified } from './use-image-verified';

/** /views/approval/create and /views/approval/update?id=: the New Grain Quality Certificate form. */
export function ApprovalFormPage() {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const [people, setPeople] = useState<CompanyPerson[]>([]);
  const [farmInUse, setFarmInUse] = useState<NonNullable<CertificateFormInfo['farmRecordsInUse']>>([]);
  const [existing, setExisting] = useState<CertificateView | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [missing, setMissing] = useState<MissingField[]>([]);
  // Levels signed before a rejection keep their (possibly past) due dates; the rules read how many there are.
  const lockedLevels = useRef(0);
  const form = useForm<ApprovalForm>({
    resolver: (...args: Parameters<Resolver<ApprovalForm>>) =>
      (zodResolver(approvalFormSchema(lockedLevels.current)) as unknown as Resolver<ApprovalForm>)(...args),
    defaultValues: emptyForm(''),
  });
  const { control, register, handleSubmit, reset, watch, setValue, formState } = form;
  const levels = useFieldArray({ control, name: 'approvalLevels' });

  useEffect(() => {
    let gone = false;
    (async () => {
      try {
        const info = await certificatesApi.createInfo();
        if (gone) return;
        setPeople(info.signers);
        setFarmInUse(info.farmRecordsInUse ?? []);
        let base = emptyForm(info.approvalNumber);
        if (id) {
          const { approval } = await certificatesApi.get(id);
          setExisting(approval);
          base = formFromApproval(approval);
        }
        reset(loadDraft(id) ?? base);
        setReady(true);
      } catch (e) {
        notify.error(e);
        navigate('/views/approval/list');
      }
    })();
    return () => {
      gone = true;
    };
  }, [id, reset, navigate, notify]);

  // Keep the draft on every edit (docs/spec/approvals.md §4).
  useEffect(() => {
    if (!ready) return;
    const sub = watch((v) => saveDraft(id, v as ApprovalForm));
    return () => sub.unsubscribe();
  }, [watch, id, ready]);

  const values = watch();
  // the photo's check is the farm record's, as it is now (a draft or the certificate may predate it)
  const imageVerified = useImageVerified(values.approvalDoc?._id);
  const rejected = existing?.status === 'rejected';
  const lockedBefore = rejected ? existing.stageLevel : 0;
  lockedLevels.current = Math.max(0, lockedBefore - 1);

  const send = (status: 'created' | 'signing') =>
    handleSubmit(
      async (f) => {
        if (status === 'signing') {
          const needed = missingFields(f, {}, true);
          if (needed.length) return setMissing(needed);
          const checks = checklist(f.approvalDoc, f.supportDocs.length, f.deviationReason, imageVerified !== false);
          if (!checks.find((c) => c.key === 'grainImage')?.ok) return setMessage(t('IMAGE_VALIDATION_REQUIRED'));
          if (!checks.find((c) => c.key === 'standard')?.ok) return setMessage(t('STANDARD_DEVIATION_REASON_REQUIRED'));
        }
        setBusy(true);
        try {
          const input = toInput(f, status, lockedLevels.current);
          const r = id ? await certificatesApi.update(id, input) : await certificatesApi.create(input);
          clearDraft(id);
          notify.success(t(status === 'signing' ? 'cert.submittedOk' : 'cert.savedOk'));
          navigate(`/views/approval/detail?id=${encodeURIComponent(r.approval._id)}`);
        } catch (e) {
          setMessage(errorText(e, t));
        } finally {
          setBusy(false);
        }
      },
      (errors) => setMissing(missingFields(form.getValues(), errors, status === 'signing')),
    );

  const cancel = () => {
    clearDraft(id);
    navigate(id ? `/views/approval/detail?id=${encodeURIComponent(id)}` : '/views/approval/list');
  };

  if (!ready) return <Typography>{t('common.loading')}</Typography>;
  const e = formState.errors;
  return (
    <Page title={t(id ? 'cert.form.updateTitle' : 'cert.form.title')} testId="approval-form">
      <FormProvider {...form}>
        <TemplateBar
          levels={values.approvalLevels}
          onLoad={(tp) => {
            setValue('approvalLevels', levelsFromTemplate(tp), { shouldDirty: true });
            if (tp.priority) setValue('priority', tp.priority);
          }}
        />
        <Grid container spacing={2}>
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
              value={values.priority}
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
          {/* the farm data table takes the whole width: its ten columns fit a desk beside nothing else */}
          <Grid size={12}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" sx={{ mb: 1 }}>
                {t('cert.primaryDoc')} *
              </Typography>
              <FarmDataPicker
                value={values.approvalDoc}
                onChange={(d) => setValue('approvalDoc', d, { shouldDirty: true })}
                // records other certificates hold (this certificate's own record stays its own)
                inUse={Object.fromEntries(
                  farmInUse.filter((u) => u.approvalNumber !== existing?.approvalNumber).map((u) => [u.farmRecordId, u.approvalNumber]),
                )}
              />
              {values.approvalDoc?.farm && (
                <StandardCheckPanel
                  check={checkAgainstStandard(values.approvalDoc.farm)}
                  deviationReason={values.deviationReason ?? ''}
                  onReason={(v) => setValue('deviationReason', v, { shouldDirty: true })}
                />
              )}
            </Paper>
          </Grid>
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
              imageVerified={imageVerified === true}
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
        </Grid>
        <Typography variant="h6" sx={{ mt: 3, mb: 1 }}>
          {t('cert.levels')}
        </Typography>
        {e.approvalLevels?.message && <Alert severity="error">{t(e.approvalLevels.message)}</Alert>}
        {levels.fields.map((f, i) => (
          <LevelPanel
            key={f.id}
            index={i}
            people={people}
            canRemove={levels.fields.length > 1}
            locked={i + 1 < lockedBefore}
            onRemove={() => levels.remove(i)}
          />
        ))}
        <Button onClick={() => levels.append(newLevel(levels.fields.length + 1))} data-testid="add-level">
          + {t('cert.moreLevel')}
        </Button>
        <Alert severity="info" sx={{ my: 2 }}>
          {t('common.blockchainWait')}
        </Alert>
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={cancel} disabled={busy} data-testid="form-cancel">
            {t('common.cancel')}
          </Button>
          <Button variant="outlined" onClick={() => void send('created')()} disabled={busy} data-testid="form-save">
            {t('common.save')}
          </Button>
          <Button variant="contained" onClick={() => void send('signing')()} disabled={busy} data-testid="form-submit">
            {t(rejected ? 'cert.resubmit' : 'common.submit')}
          </Button>
        </Stack>
      </FormProvider>
      <Box>
        <MessageDialog open={!!message} message={message ?? ''} onClose={() => setMessage(null)} />
        <MissingFieldsDialog fields={missing} onClose={() => setMissing([])} />
      </Box>
    </Page>
  );
}
