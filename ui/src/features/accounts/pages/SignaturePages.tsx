import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app/auth';
import { errorText, useNotify } from '../../../app/notify';
import { Page } from '../../../app/Layout';
import { accountsApi } from '../api';
import { signatureForm, type SignatureForm } from '../schemas';
import { ServerMessage, TextInput, useFormMessage } from '../components/FormKit';
import { useLoad } from '../../../app/use-load';
import { LoadState, ReadOnlyRows } from '../components/ReadOnlyRows';
import { dateOnly } from '../components/format';
import { PasskeysPanel } from '../../passkeys/PasskeysPanel';

const today = () => new Date().toISOString().slice(0, 10);

/** editInfo or admin may create and update the signature (docs/spec/approvals.md §6). */
function useMaySign() {
  const { can } = useAuth();
  return can('editInfo');
}

/**
 * /views/signature/create and /views/signature/update: the signature password protects the private
 * key the server generates; the certificate is issued by the company's CA.
 */
export function SignatureFormPage({ mode }: { mode: 'create' | 'update' }) {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const { user } = useAuth();
  const mayEdit = useMaySign();
  const existing = useLoad(() => (mode === 'update' && user ? accountsApi.mySignature() : Promise.resolve(null)), [mode, user?.id]);
  const { control, handleSubmit, reset, formState, setError } = useForm<SignatureForm>({
    resolver: zodResolver(signatureForm),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '', effectiveDate: today(), oldPassword: '' },
  });
  const msg = useFormMessage<SignatureForm>('PLEASE_REINPUT_INFO', setError);
  useEffect(() => {
    if (existing.data) reset({ password: '', confirmPassword: '', oldPassword: '', effectiveDate: dateOnly(existing.data.effectiveDate) || today() });
  }, [existing.data, reset]);

  const onSubmit = async (v: SignatureForm) => {
    msg.setMessage('');
    try {
      if (mode === 'update' && existing.data)
        await accountsApi.updateSignature(existing.data.id, {
          password: v.password,
          oldPassword: v.oldPassword,
          _id: existing.data.id,
          effectiveDate: v.effectiveDate,
        });
      else await accountsApi.createSignature({ password: v.password, effectiveDate: v.effectiveDate });
      notify.success(t('acc.signature.saved'));
      navigate('/views/signature/detail');
    } catch (e) {
      msg.fromServer(e);
    }
  };

  return (
    <Page
      title={t(mode === 'create' ? 'acc.signature.createTitle' : 'acc.signature.updateTitle')}
      testId={`signature-${mode}`}
      actions={
        <Button component={RouterLink} to="/views/signature/detail">
          {t('common.back')}
        </Button>
      }
    >
      {!mayEdit && <ServerMessage text={t('ACCESS_DENIED')} />}
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('acc.signature.explain')}
          {mode === 'update' && ` ${t('acc.signature.updateExplain')}`}
        </Alert>
        <form onSubmit={handleSubmit(onSubmit, msg.fromInvalid)} noValidate aria-label={t('acc.signature.createTitle')}>
          {mode === 'update' && (
            <TextInput control={control} name="oldPassword" label={t('acc.signature.oldPassword')} type="password" autoComplete="current-password" required />
          )}
          <TextInput control={control} name="password" label={t('acc.signature.password')} type="password" autoComplete="new-password" required />
          <TextInput control={control} name="confirmPassword" label={t('acc.field.confirmPassword')} type="password" autoComplete="new-password" required />
          <TextInput control={control} name="effectiveDate" label={t('acc.signature.effectiveDate')} type="date" required />
          <ServerMessage text={msg.message} />
          <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={!mayEdit || formState.isSubmitting} data-testid="signature-submit">
            {t('acc.signature.generate')}
          </Button>
        </form>
      </Paper>
    </Page>
  );
}

/** /views/signature/detail: GUID, last modified, effective date and the certificate. */
export function SignatureDetailPage() {
  const { t, date, dateTime } = useI18n();
  const { user } = useAuth();
  const mayEdit = useMaySign();
  const state = useLoad(() => (user ? accountsApi.mySignature() : Promise.resolve(null)), [user?.id]);
  const s = state.data;
  const cert = s?.certificate ?? '';
  return (
    <Page
      title={t('acc.signature.detailTitle')}
      testId="signature-detail"
      actions={
        mayEdit &&
        !state.loading && (
          <Button variant="contained" component={RouterLink} to={s ? '/views/signature/update' : '/views/signature/create'} data-testid="signature-edit">
            {t(s ? 'common.update' : 'acc.signature.createTitle')}
          </Button>
        )
      }
    >
      <LoadState loading={state.loading} error={state.error} text={(e) => errorText(e, t)} />
      {!state.loading && !state.error && !s && (
        <Typography color="text.secondary" data-testid="signature-none">
          {t('acc.signature.none')}
        </Typography>
      )}
      {s && (
        <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 900 }}>
          <ReadOnlyRows
            rows={[
              { label: t('acc.signature.guid'), value: s.guid ?? s.id, testId: 'signature-guid' },
              { label: t('acc.signature.lastModified'), value: dateTime(s.lastModified) },
              { label: t('acc.signature.effectiveDate'), value: date(dateOnly(s.effectiveDate)) },
            ]}
          />
          <Typography variant="subtitle1" sx={{ mt: 2 }}>
            {t('acc.signature.certificate')}
          </Typography>
          <Box
            component="pre"
            tabIndex={0}
            aria-label={t('acc.signature.certificate')}
            data-testid="signature-certificate"
            sx={{ p: 1, bgcolor: 'grey.100', fontSize: 12, overflowX: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 320 }}
          >
            {cert || '—'}
          </Box>
        </Paper>
      )}
      <PasskeysPanel />
    </Page>
  );
}
