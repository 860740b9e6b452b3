import { useMemo } from 'react';
import { placeOf, todayIn, type Place } from '@grain/domain';
import { useI18n } from '../i18n/i18n';
import { useAuth } from './auth';

/**
 * Where the signed-in user's company is (domain accounts/place.ts): the country a phone number without
 * its country code is read in, and the time zone of "today". The server reads its forms for the same
 * place, so both refuse the same values.
 */
export function usePlace(): Place {
  const { user } = useAuth();
  const { lang } = useI18n();
  const country = user?.companyAddress?.country;
  const state = user?.companyAddress?.state;
  return useMemo(() => placeOf(country ? { country, state } : null, lang), [country, state, lang]);
}

/** The company's calendar day (yyyy-mm-dd), as the server judges a harvest date. */
export function useCompanyToday(): string {
  return todayIn(usePlace().timeZone);
}
