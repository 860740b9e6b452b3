import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { countryCodeOf } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { useNotify, errorText } from '../../../app/notify';
import { Page } from '../../../app/Layout';
import { accountsApi } from '../api';
import { addressForm, type AddressForm } from '../schemas';
import { ServerMessage, useFormMessage } from '../components/FormKit';
import { AddressFields, emptyAddress } from '../components/AddressFields';
import { useAuth } from '../../../app/auth';
import { usePlace } from '../../../app/place';
import { useLoad } from '../../../app/use-load';
import { LoadState } from '../components/ReadOnlyRows';

/** /views/address/detail: the company's addresses (street, suburb, state or province, country). */
export function AddressDetailPage() {
  const { t } = useI18n();
  const state = useLoad(() => accountsApi.addresses(), []);
  return (
    <Page
      title={t('acc.address.title')}
      testId="address-detail"
      actions={
        <Button variant="contained" component={RouterLink} to="/views/address/create" data-testid="address-add">
          {t('acc.address.addNew')}
        </Button>
      }
    >
      <LoadState loading={state.loading} error={state.error} text={(e) => errorText(e, t)} />
      {state.data && (
        <TableContainer component={Paper}>
          <Table size="small" aria-label={t('acc.address.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('acc.address.street')}</TableCell>
                <TableCell>{t('acc.address.suburb')}</TableCell>
                <TableCell>{t('acc.address.place')}</TableCell>
                <TableCell>{t('acc.address.country')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {state.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography color="text.secondary">{t('acc.common.empty')}</Typography>
                  </TableCell>
                </TableRow>
              )}
              {state.data.map((a) => (
                <TableRow key={a.id}>
                  <TableCell>{a.street}</TableCell>
                  <TableCell>{a.suburb}</TableCell>
                  <TableCell>{[a.city, a.state, a.postcode, a.province].filter(Boolean).join(' ')}</TableCell>
                  <TableCell>{countryCodeOf(a.country) ? t(`acc.country.${countryCodeOf(a.country)}`) : a.country}</TableCell>
                  <TableCell align="right">
                    <Button size="small" component={RouterLink} to={`/views/address/update?id=${encodeURIComponent(a.id)}`} sx={{ whiteSpace: 'nowrap' }}>
                      {t('acc.address.update')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Page>
  );
}

/** /views/address/create and /views/address/update (?id=). */
export function AddressFormPage({ mode }: { mode: 'create' | 'update' }) {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  const { country } = usePlace();
  const { refresh } = useAuth();
  const { control, handleSubmit, reset, formState, setError } = useForm<AddressForm>({
    resolver: zodResolver(addressForm),
    mode: 'onTouched',
    defaultValues: emptyAddress(country),
  });
  const msg = useFormMessage<AddressForm>('PLEASE_REINPUT_INFO', setError);
  const existing = useLoad(async () => (mode === 'update' ? ((await accountsApi.addresses()).find((a) => a.id === id) ?? null) : null), [mode, id]);
  useEffect(() => {
    const a = existing.data;
    if (a) reset({ street: a.street, suburb: a.suburb, city: a.city, state: a.state, postcode: a.postcode, province: a.province, country: a.country });
  }, [existing.data, reset]);

  const onSubmit = async (v: AddressForm) => {
    msg.setMessage('');
    try {
      if (mode === 'create') await accountsApi.createAddress(v);
      else await accountsApi.updateAddress(id, v);
      // the company's address says where it is (phone numbers, today's date): read it again
      await refresh();
      notify.success(t('acc.address.saved'));
      navigate('/views/address/detail');
    } catch (e) {
      msg.fromServer(e);
    }
  };

  return (
    <Page
      title={t(mode === 'create' ? 'acc.address.createTitle' : 'acc.address.updateTitle')}
      testId={`address-${mode}`}
      actions={
        <Button component={RouterLink} to="/views/address/detail">
          {t('common.back')}
        </Button>
      }
    >
      {mode === 'update' && !existing.loading && !existing.data && <ServerMessage text={t('NOT_FOUND')} />}
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <form onSubmit={handleSubmit(onSubmit, msg.fromInvalid)} noValidate aria-label={t('acc.address.title')}>
          <AddressFields control={control} />
          <ServerMessage text={msg.message} />
          <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={formState.isSubmitting} data-testid="address-submit">
            {t(mode === 'create' ? 'common.create' : 'acc.address.update')}
          </Button>
        </form>
      </Paper>
    </Page>
  );
}
