import { zodToAppError } from './errors';

interface SafeParser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string; code?: string }> } };
}

/**
 * Parses with a zod schema of any zod copy and turns its issues into AppError(code, { fields }) here:
 * the domain's zod is another module than the one the error middleware could test `instanceof` on.
 */
export function parseInput<T>(schema: SafeParser<T>, input: unknown): T {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw zodToAppError(r.error);
}
