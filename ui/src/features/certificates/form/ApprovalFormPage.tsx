import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Grid, Typography } from '@mui/material';
import { FormProvider, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router-dom';
import { useI18n } from '../../../i18n/i18n';
import { MessageDialog, Page } from '../../../app';
import { approvalFormSchema, emptyForm, levelsFromTemplate, newLevel, saveDraft, type ApprovalForm } from './form-model';
import { MissingFieldsDialog } from './MissingFieldsDialog';
import { LevelPanel } from './LevelPanel';
import { TemplateBar } from './TemplateBar';
import { useImageVerified } from './use-image-verified';
import { useApprovalFormLoad } from './use-approval-form-load';
import { useApprovalSend } from './use-approval-send';
import { ApprovalFormActions, ApprovalHeaderFields, PrimaryDocPanel, SupportAndChecklist } from './ApprovalFormParts';

/** /views/approval/create and /views/approval/update?id=: the New Grain Quality Certificate form. */
export function ApprovalFormPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = params.get('id');
  // Levels signed before a rejection keep their (possibly past) due dates; the rules read how many there are.
  const lockedLevels = useRef(0);
  const form = useForm<ApprovalForm>({
    resolver: (...args: Parameters<Resolver<ApprovalForm>>) =>
      (zodResolver(approvalFormSchema(lockedLevels.current)) as unknown as Resolver<ApprovalForm>)(...args),
    defaultValues: emptyForm(''),
  });
  const { control, watch, setValue, formState } = form;
  const levels = useFieldArray({ control, name: 'approvalLevels' });
  const { people, farmInUse, existing, ready } = useApprovalFormLoad(id, form.reset);

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
  const { send, cancel, busy, message, clearMessage, missing, clearMissing } = useApprovalSend(id, form, lockedLevels, imageVerified);

  if (!ready) return <Typography>{t('common.loading')}</Typography>;
  const levelsError = formState.errors.approvalLevels?.message;
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
          <ApprovalHeaderFields existing={existing} />
          {/* the farm data table takes the whole width: its ten columns fit a desk beside nothing else */}
          <Grid size={12}>
            <PrimaryDocPanel existing={existing} farmInUse={farmInUse} />
          </Grid>
          <SupportAndChecklist imageVerified={imageVerified === true} />
        </Grid>
        <Typography variant="h6" sx={{ mt: 3, mb: 1 }}>
          {t('cert.levels')}
        </Typography>
        {levelsError && <Alert severity="error">{t(levelsError)}</Alert>}
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
        <ApprovalFormActions busy={busy} rejected={rejected} onCancel={cancel} onSave={() => void send('created')()} onSubmit={() => void send('signing')()} />
      </FormProvider>
      <Box>
        <MessageDialog open={!!message} message={message ?? ''} onClose={clearMessage} />
        <MissingFieldsDialog fields={missing} onClose={clearMissing} />
      </Box>
    </Page>
  );
}
