import { useWatch, type Control } from 'react-hook-form';
import { Stack } from '@mui/material';
import { AU_STATES, COUNTRY_CODES, COUNTRY_NAMES, countryCodeOf } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import type { AddressForm } from '../schemas';
import { SelectInput, TextInput } from './FormKit';

/** An empty address form, in the country the company is in (or the language's). */
export const emptyAddress = (country: keyof typeof COUNTRY_NAMES): AddressForm => ({
  street: '',
  suburb: '',
  city: '',
  state: '',
  postcode: '',
  province: '',
  country: COUNTRY_NAMES[country],
});

/**
 * The fields of an address as its country's post writes it: an Australian address has its state and
 * postcode, a Vietnamese one its province (and a town or district if any); an address elsewhere (older
 * data) its city. The rules are the domain's addressSchema, the one the server reads with.
 */
export function AddressFields({ control }: { control: Control<AddressForm> }) {
  const { t } = useI18n();
  const country = useWatch({ control, name: 'country' }) ?? '';
  const code = countryCodeOf(country);
  const countryOptions = COUNTRY_CODES.map((c) => ({ value: COUNTRY_NAMES[c], label: t(`acc.country.${c}`) }));
  if (country && !code) countryOptions.push({ value: country, label: country });
  return (
    <>
      <SelectInput control={control} name="country" label={t('acc.address.country')} options={countryOptions} required />
      <TextInput control={control} name="street" label={t('acc.address.street')} required />
      <TextInput
        control={control}
        name="suburb"
        label={t(code === 'AU' ? 'acc.address.suburbAU' : code === 'VN' ? 'acc.address.suburbVN' : 'acc.address.suburb')}
        required
      />
      {code === 'AU' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} useFlexGap>
          <SelectInput
            control={control}
            name="state"
            label={t('acc.address.state')}
            options={AU_STATES.map((s) => ({ value: s, label: t(`acc.state.${s}`) }))}
            required
          />
          <TextInput control={control} name="postcode" label={t('acc.address.postcode')} required />
        </Stack>
      )}
      {code === 'VN' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} useFlexGap>
          <TextInput control={control} name="city" label={t('acc.address.cityVN')} />
          <TextInput control={control} name="province" label={t('acc.address.province')} required />
        </Stack>
      )}
      {!code && <TextInput control={control} name="city" label={t('acc.address.city')} required />}
    </>
  );
}
