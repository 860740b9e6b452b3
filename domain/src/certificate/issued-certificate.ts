/** What the issued certificate (the PDF) states besides the record itself: the grade and how long it is valid. */
import { CERTIFICATE_VALIDITY_YEARS, gradeForProtein } from '../constants';
import type { FarmFacts } from './types';

/** The grade from the protein reading; without one, the harvest grade the record names (FEED when none). */
export function certificateGrade(farm: FarmFacts): string {
  return typeof farm.protein === 'number' ? gradeForProtein(farm.protein) : (farm.harvestGrade ?? 'FEED');
}

/** Valid from the day of issue for CERTIFICATE_VALIDITY_YEARS years (yyyy-mm-dd, UTC). */
export function certificateValidity(issuedAt: string): { validFrom: string; validTo: string } {
  const to = new Date(issuedAt);
  to.setUTCFullYear(to.getUTCFullYear() + CERTIFICATE_VALIDITY_YEARS);
  return { validFrom: issuedAt.slice(0, 10), validTo: to.toISOString().slice(0, 10) };
}
