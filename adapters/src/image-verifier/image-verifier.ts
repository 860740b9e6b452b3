import type { ImageVerificationResult } from '@grain/domain';
import type { Described } from '../port';

export interface VerifierScope {
  companyId: string;
  farmDataId: string;
}

/**
 * Port: grain image verification (docs/spec/farm-data-and-documents.md §7 generate_link / get_verification_result). The link is
 * where a person uploads the photo of a farm record; the result says whether it passed. Every result
 * is also saved on the farm record (imageValidation), which gates certificate submit.
 * Embedded default: a page of this app checks the photo itself. Real: an external service by URL.
 * The caller has already checked that the farm record belongs to the caller's company.
 */
export interface ImageVerifier extends Described {
  generateLink(scope: VerifierScope): Promise<string>;
  /** The latest result, or null when there is none yet (or the service answered an error). */
  getResult(scope: VerifierScope): Promise<ImageVerificationResult | null>;
  /** Embedded only: checks an uploaded photo and stores the result. */
  submitPhoto?(scope: VerifierScope & { userId: string; data: Buffer }): Promise<ImageVerificationResult>;
}

/** Smallest photo that shows the grain well enough to judge (pixels). */
export const MIN_IMAGE_WIDTH = 320;
export const MIN_IMAGE_HEIGHT = 240;
