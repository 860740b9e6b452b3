import { useEffect, useState } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Button, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import { countryCodeOf, formatPhone, formatTaxNumber, type CountryCode } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app/auth';
import { useNotify } from '../../../app/notify';
import { Page } from '../../../app/Layout';
import { accountsApi, refId, userLabel, type Company } from '../api';
import { companyForm, type CompanyForm } from '../phone-forms';
import { SelectInput, ServerMessage, TextInput, useFormMessage } from '../components/FormKit';
import { useLoad } from '../../../app/use-load';
import { addressText } from '../components/format';
import { NewAddressDialog } from '../components/NewAddressDialog';
import { usePlace } from '../../../app/place';

const EMPTY: CompanyForm = {
  tfn: '',
  name: '',
  address: '',
  email: '',
  phone: '',
  website: '',
  reprentative: '',
  taxOfficeLevel1: '',
  taxOfficeLevel2: '',
  bankAccount: '',
  bankName: '',
  bankBranch: '',
};

/** The stored company as its people read it: the tax number grouped, the phone in the country's format. */
function toForm(c: Company, country: CountryCode): CompanyForm {
  const bank = c.bankAccounts?.[0];
  return {
    ...EMPTY,
    tfn: formatTaxNumber(c.tfn),
    name: c.name ?? '',
    address: refId(c.address) ?? '',
    email: c.email ?? '',
    phone: formatPhone(c.phone, country),
    website: c.website ?? '',
    reprentative: refId(c.reprentative) ?? '',
    taxOfficeLevel1: c.taxOfficeLevel1 ?? '',
    taxOfficeLevel2: c.taxOfficeLevel2 ?? '',
    bankAccount: bank?.account ?? '',
    bankName: bank?.bankName ?? '',
    bankBranch: bank?.branch ?? '',
  };
}

/** The payload of company/profile/create and /update (docs/spec/approvals.md §7). */
function toPayload(v: CompanyForm) {
  const { bankAccount, bankName, bankBranch, address, reprentative, ...rest } = v;
  return {
    ...rest,
    address: address || null,
    reprentative: reprentative || null,
    // the domain schema takes the account as an object, or nothing at all when none was entered
    ...(bankAccount ? { bankAccount: { account: bankAccount, bankName: bankName ?? '', branch: bankBranch ?? '' } } : {}),
  };
}

/** The company's bank account and tax offices. */
function BankAndTaxFields({ control }: { control: Control<CompanyForm> }) {
  const { t } = useI18n();
  return (
    <>
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle2" color="text.secondary">
        {t('acc.company.bankAndTax')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ md: 2 }} useFlexGap>
        <TextInput control={control} name="bankAccount" label={t('acc.company.bankAccount')} />
        <TextInput control={control} name="bankName" label={t('acc.company.bankName')} />
        <TextInput control={control} name="bankBranch" label={t('acc.company.bankBranch')} />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ md: 2 }} useFlexGap>
        <TextInput control={control} name="taxOfficeLevel1" label={t('acc.company.taxOffice1')} />
        <TextInput control={control} name="taxOfficeLevel2" label={t('acc.company.taxOffice2')} />
      </Stack>
    </>
  );
}

/** /views/company/create and /views/company/update. */
export function CompanyFormPage({ mode }: { mode: 'create' | 'update' }) {
  const { t } = useI18n();
  const notify = useNotify();
  const { user, refresh } = useAuth();
  const navigate = useNavigate();
  const companyId = user?.companyId ?? null;
  const [addingAddress, setAddingAddress] = useState(false);
  const place = usePlace();
  const addresses = useLoad(() => accountsApi.addresses().catch(() => []), []);
  // the company is where the address it names is: a phone number without its country code is read
  // there (as the server reads it); with no address, where the company is now (or the language's country)
  const countryOf = (addressId: string | null | undefined): CountryCode =>
    countryCodeOf((addresses.data ?? []).find((a) => a.id === addressId)?.country) ?? place.country;
  const { control, handleSubmit, reset, formState, setError, setValue } = useForm<CompanyForm>({
    resolver: (values, context, options) => zodResolver(companyForm(countryOf(values.address)))(values, context, options),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const msg = useFormMessage<CompanyForm>('PLEASE_REINPUT_INFO', setError);

  const users = useLoad(
    () => (mode === 'update' && companyId ? accountsApi.users({ page: 0, pageSize: 100 }).then((p) => p.users) : Promise.resolve([])),
    [mode, companyId],
  );
  const company = useLoad(() => (mode === 'update' && companyId ? accountsApi.company(companyId) : Promise.resolve(null)), [mode, companyId]);
  useEffect(() => {
    if (company.data) reset(toForm(company.data, place.country));
  }, [company.data, reset, place.country]);

  const onSubmit = async (v: CompanyForm) => {
    msg.setMessage('');
    if (mode === 'update' && !companyId) return msg.setMessage(t('USER_ID_MISSING'));
    try {
      if (mode === 'create') await accountsApi.createCompany(toPayload(v));
      else await accountsApi.updateCompany(companyId!, toPayload(v));
      notify.success(t(mode === 'create' ? 'acc.company.created' : 'acc.company.saved'));
      await refresh(); // a new company changes the session user's companyId
      navigate('/views/company/detail');
    } catch (e) {
      msg.fromServer(e);
    }
  };

  const addressOptions = [{ value: '', label: t('acc.common.none') }, ...(addresses.data ?? []).map((a) => ({ value: a.id, label: addressText(a) }))];
  const userOptions = [{ value: '', label: t('acc.common.none') }, ...(users.data ?? []).map((u) => ({ value: u.id, label: userLabel(u, t) }))];

  return (
    <Page title={t(mode === 'create' ? 'acc.company.createTitle' : 'acc.company.updateTitle')} testId={`company-${mode}`}>
      {mode === 'update' && !companyId && <Alert severity="error">{t('USER_ID_MISSING')}</Alert>}
      {mode === 'create' && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('acc.company.createIntro')}
        </Typography>
      )}
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 820 }}>
        <form
          onSubmit={handleSubmit(onSubmit, msg.fromInvalid)}
          noValidate
          aria-label={t(mode === 'create' ? 'acc.company.createTitle' : 'acc.company.updateTitle')}
        >
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ md: 2 }} useFlexGap>
            <TextInput control={control} name="tfn" label={t('acc.company.tfn')} required />
            <TextInput control={control} name="name" label={t('acc.company.name')} required />
          </Stack>
          <SelectInput control={control} name="address" label={t('acc.company.address')} options={addressOptions} />
          <Link component="button" type="button" variant="body2" onClick={() => setAddingAddress(true)} data-testid="add-address">
            {t('acc.address.addNew')}
          </Link>
          {mode === 'update' && <SelectInput control={control} name="reprentative" label={t('acc.company.director')} options={userOptions} />}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ md: 2 }} useFlexGap>
            <TextInput control={control} name="email" label={t('acc.field.email')} type="email" required />
            <TextInput control={control} name="phone" label={t('acc.field.phone')} type="tel" />
          </Stack>
          <TextInput control={control} name="website" label={t('acc.company.website')} placeholder="https://" />
          <BankAndTaxFields control={control} />
          <ServerMessage text={msg.message} />
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting} data-testid="company-submit">
              {t(mode === 'create' ? 'acc.company.createSubmit' : 'common.update')}
            </Button>
            {mode === 'update' && (
              <Button component={RouterLink} to="/views/company/detail">
                {t('common.back')}
              </Button>
            )}
          </Stack>
        </form>
      </Paper>
      <NewAddressDialog
        open={addingAddress}
        onClose={() => setAddingAddress(false)}
        onCreated={(a) => {
          addresses.setData([...(addresses.data ?? []), a]);
          setValue('address', a.id, { shouldDirty: true });
        }}
      />
    </Page>
  );
}
