import { AppError, MESSAGES, type MessageCode } from '@grain/domain';

interface SafeParser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

/**
 * Parses with a domain zod schema and turns its issues into AppError(code, { fields }) itself: the
 * domain's zod (v4) is another module than the one api/src/http/errors.ts would test `instanceof` on.
 */
export function parseInput<T>(schema: SafeParser<T>, input: unknown): T {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  const fields = r.error.issues.map((i) => ({
    path: i.path.map(String).join('.'),
    code: (i.message in MESSAGES ? i.message : 'INVALID_INPUT') as MessageCode,
  }));
  throw new AppError(fields[0]?.code ?? 'INVALID_INPUT', { fields });
}
