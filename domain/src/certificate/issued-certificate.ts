/** What the issued certificate (the PDF) states besides the record itself: the grade and how long it is valid. */
import { CERTIFICATE_VALIDITY_YEARS } from '../constants';
import type { FarmFacts } from './types';

/**
 * The grade the certificate states: the harvest grade the farm record claims (FEED when none). Whether
 * the measurements meet that grade is the standard check kept beside it, not a grade derived from them.
 */
export function certificateGrade(farm: FarmFacts): string {
  return farm.harvestGrade ?? 'FEED';
}

/** Valid from the day of issue for CERTIFICATE_VALIDITY_YEARS years (yyyy-mm-dd, UTC). */
export function certificateValidity(issuedAt: string): { validFrom: string; validTo: string } {
  const to = new Date(issuedAt);
  to.setUTCFullYear(to.getUTCFullYear() + CERTIFICATE_VALIDITY_YEARS);
  return { validFrom: issuedAt.slice(0, 10), validTo: to.toISOString().slice(0, 10) };
}
