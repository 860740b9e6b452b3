/**
 * The farm record behind a certificate, checked against the standard of its claimed grade when the
 * certificate is saved, so the certificate keeps the standard version it was checked against (the
 * workflow only carries it, which keeps its history replayable).
 */
import { AppError, checkAgainstStandard, type PrimaryDocument } from '@grain/domain';

export function withStandardCheck(doc: PrimaryDocument | null, deviationReason: string | undefined): PrimaryDocument | null {
  if (!doc?.farm) return doc;
  const check = checkAgainstStandard(doc.farm);
  const reason = check.result === 'fail' ? deviationReason?.trim() : undefined;
  return { ...doc, standardCheck: reason ? { ...check, deviationReason: reason } : check };
}

/**
 * A record that fails its claimed grade is issued only "with deviation": the submitter states why, and
 * the reason is printed on the certificate. Refusing outright would stop legitimate trade in
 * out-of-grade grain; issuing silently would mislead the buyer.
 */
export function assertDeviationExplained(doc: PrimaryDocument | null): void {
  const check = doc?.standardCheck;
  if (check?.result === 'fail' && !check.deviationReason) throw new AppError('STANDARD_DEVIATION_REASON_REQUIRED');
}
