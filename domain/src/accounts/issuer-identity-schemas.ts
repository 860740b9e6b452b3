import { z } from 'zod';

/**
 * POST platform/company/{id}/verify: what the operator checked in the public register — the company's
 * legal name and its registration exactly as the company states them — and a note (where it was checked).
 */
export const verifyIdentitySchema = z.object({
  name: z.string().trim().min(1, 'FIELD_REQUIRED').max(400),
  registration: z.string().trim().min(1, 'FIELD_REQUIRED').max(20),
  note: z.string().trim().max(1000).optional(),
});
export type VerifyIdentityInput = z.infer<typeof verifyIdentitySchema>;

/** POST company/identity/seal/{fingerprint}/revoke: why the company's seal certificate must no longer be relied on (a lost or stolen key). */
export const revokeSealSchema = z.object({ reason: z.string().trim().min(1, 'REASON_REQUIRED').max(1000) });

/** POST platform/company/{id}/revoke: why the verification no longer stands. */
export const revokeIdentitySchema = z.object({ note: z.string().trim().min(1, 'REASON_REQUIRED').max(1000) });
