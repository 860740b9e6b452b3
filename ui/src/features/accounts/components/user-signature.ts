import type { Signature } from '../api';

/**
 * A user's signature as a user answer names it: the server answers the signature's id; an older answer
 * carried the signature itself (`_id`). `record` is that signature when the answer carries it, `id` what
 * a reset of it needs.
 */
export function userSignature(signature: unknown): { record: Signature | null; id: string | null } {
  if (typeof signature === 'string') return { record: null, id: signature };
  const record = signature && typeof signature === 'object' ? (signature as Signature) : null;
  if (!record) return { record: null, id: null };
  return { record, id: (record as { id?: string; _id?: string }).id ?? record._id ?? null };
}
