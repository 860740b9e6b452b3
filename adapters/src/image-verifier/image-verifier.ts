import type { Described } from '../port';

/** The outcome of a grain photo check for one farm record. */
export interface ImageVerificationResult {
  farm_data_id: string;
  status: 'verified' | 'rejected';
  verified: boolean;
  /** Message code of a rejection: IMAGE_NOT_READABLE, IMAGE_TOO_SMALL, IMAGE_DUPLICATE (or the service's own text). */
  reason: string | null;
  width: number | null;
  height: number | null;
  mime: string | null;
  image_url: string | null;
  checked_at: string;
  /**
   * Set on a refused upload when the record already had a verified photo: the refusal was not stored
   * and the earlier verified result still stands (getResult answers it).
   */
  kept_verified?: boolean;
}

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
