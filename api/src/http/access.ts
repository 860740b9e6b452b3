/**
 * Refusing a caller, in one place for the routes (auth-middleware.ts) and the use cases (commands/):
 * a refused authorization is logged in auth_events and answers 403 ACCESS_DENIED. No Express here, so
 * a use case can refuse without a request.
 */
import { AppError, can, type Actor, type Permission } from '@grain/domain';
import type { AuthLogStore } from '@grain/persistence';

/** Where a call came from, for the audit log. */
export interface CallOrigin {
  ip?: string;
  method?: string;
  path?: string;
}

/** Who is refused: their permissions and company, their address, and where the call came from. */
export interface Refused {
  access?: Actor;
  email?: string;
  origin: CallOrigin;
}

/** Logs a refused authorization and answers 403 ACCESS_DENIED. */
export async function denyAccess(log: Pick<AuthLogStore, 'event'>, who: Refused, detail: Record<string, unknown> = {}): Promise<never> {
  await log
    .event({
      kind: 'access_denied',
      userId: who.access?.id,
      companyId: who.access?.companyId,
      email: who.email,
      ip: who.origin.ip,
      method: who.origin.method,
      path: who.origin.path,
      detail,
    })
    .catch(() => undefined);
  throw new AppError('ACCESS_DENIED');
}

/** The caller must hold the permission (logged and 403 ACCESS_DENIED otherwise). */
export async function mustHold(log: Pick<AuthLogStore, 'event'>, who: Refused & { access: Actor }, p: Permission): Promise<void> {
  if (!can(who.access, p)) await denyAccess(log, who, { permission: p });
}

/**
 * The company an accounts call acts in. An admin who registered has none until they create it, and is
 * told so (COMPANY_REQUIRED sends the UI to the company form), where the data calls answer ACCESS_DENIED.
 */
export function companyRequired(a: Actor): string {
  if (!a.companyId) throw new AppError('COMPANY_REQUIRED');
  return a.companyId;
}
