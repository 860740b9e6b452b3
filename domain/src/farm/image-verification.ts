/** The outcome of a grain photo check for one farm record: what the verifier port returns and the API answers. */
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

/** One entry of `{ 'verification result': [...] }`: the result with its reason in the reader's language. */
export interface ImageVerificationView extends ImageVerificationResult {
  reasonText: string | null;
}
