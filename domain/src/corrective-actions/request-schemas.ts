/** Request bodies of the corrective-action calls (the API parses with these; the UI's forms use them too). */
import { z } from 'zod';
import type { MessageCode } from '../messages';
import { ACTION_EVIDENCE_MAX, ACTION_TEXT_MAX } from './machine';
import { ACTION_SEVERITIES } from './types';

const code = (c: MessageCode) => ({ message: c });
const text = (required: MessageCode) => z.string(code(required)).trim().min(1, code(required)).max(ACTION_TEXT_MAX, code('ACTION_TEXT_TOO_LONG'));
const isoTime = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && Number.isFinite(Date.parse(v)), code('INVALID_DATE'));
const uuid = z.string().uuid(code('NOT_FOUND'));

const item = z.object({
  checkIndex: z.number().int().min(0).max(500),
  severity: z.enum(ACTION_SEVERITIES, code('ACTION_SEVERITY_INVALID')).optional(),
  ownerId: uuid,
  /** A day (yyyy-mm-dd: the end of that day, UTC) or a time; the severity's default period when absent. */
  dueAt: isoTime.optional(),
});

/**
 * POST corrective-actions: chosen checks of one audit (`items`), or every non-compliant check at once
 * (`all`, with one owner and the severities' defaults).
 */
export const createActionsInput = z.union([
  z.object({ complianceId: uuid, items: z.array(item).min(1).max(100) }).strict(),
  z
    .object({ complianceId: uuid, all: z.literal(true), ownerId: uuid, severity: z.enum(ACTION_SEVERITIES, code('ACTION_SEVERITY_INVALID')).optional() })
    .strict(),
]);
export type CreateActionsInput = z.infer<typeof createActionsInput>;

export const submitFixInput = z
  .object({ note: text('ACTION_NOTE_REQUIRED'), evidenceIds: z.array(uuid).max(ACTION_EVIDENCE_MAX, code('ACTION_TOO_MANY_FILES')) })
  .strict();
export const reopenInput = z.object({ reason: text('ACTION_REASON_REQUIRED') }).strict();
export const reassignInput = z.object({ ownerId: uuid }).strict();
export const redateInput = z.object({ dueAt: isoTime }).strict();

/** A day alone means the end of that day (UTC): "due 2026-12-01" may be fixed on that day. */
export function dueTimeOf(v: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59.000Z` : new Date(v).toISOString();
}
