/**
 * Authentication and authorization for every feature's routes.
 *
 *   import { requireUser, requirePermission, actorOf } from '../http/auth-middleware';
 *   r.get('/company/approvals', requireUser, async (req, res) => {
 *     const actor = actorOf(req);                 // { id, companyId, role, permissions } (domain Actor)
 *     ... query scoped to actor.companyId ...
 *   });
 *   r.post('/company/approval/create', requirePermission('editApproval'), handler);
 *
 * requireUser answers 401 UNAUTHENTICATED without a live session; requirePermission(p) also answers
 * 403 ACCESS_DENIED (logged in auth_events) unless the user is admin or their group grants p.
 * `req.user` carries { id, email, firstname, lastname, fullName, role, companyId }. Use denyAccess()
 * for your own refusals so they are logged too. Answer 404 NOT_FOUND for another company's objects.
 * The session is resolved from the `grain_sid` cookie against the stores bound for this app
 * (bindAuth, mounted in app.ts in front of /api and /openai).
 */
import type { Request, RequestHandler } from 'express';
import { actorOfUser, AppError, can, type Actor, type Permission, type SessionUser } from '@grain/domain';
import type { SessionLookup, Stores } from '@grain/persistence';
import { denyAccess as refuse, type CallOrigin } from './access';

export const SESSION_COOKIE = 'grain_sid';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      actor?: Actor;
      user?: SessionUser;
      /** The raw session token of this request's cookie, when it names a live session. */
      sessionToken?: string;
    }
  }
}

const STORES = Symbol('authStores');
type AuthStores = Pick<Stores, 'sessions' | 'authLog'>;
/**
 * Returns the middleware app.ts puts in front of /api and /openai: it tells this module which stores
 * hold the sessions of this app (several apps may live in one process, e.g. in tests).
 */
export function bindAuth(stores: AuthStores): RequestHandler {
  return (req, _res, next) => {
    (req as Request & { [STORES]?: AuthStores })[STORES] = stores;
    next();
  };
}
function storesOf(req: Request): AuthStores {
  const s = (req as Request & { [STORES]?: AuthStores })[STORES];
  if (!s) throw new Error('auth-middleware: bindAuth is not mounted (app.ts)');
  return s;
}

type ActorUser = { id: string; role: string; isAdmin: boolean; companyId: string | null };
/** The actor of a user just signed in (the session's actor is built by attachSession). */
export async function actorFor(stores: Pick<Stores, 'groups'>, user: ActorUser): Promise<Actor> {
  if (user.isAdmin) return actorOfUser(user, null);
  return actorOfUser(user, user.companyId ? await stores.groups.byName(user.companyId, user.role) : null);
}

/** The session token of the request's cookie, or undefined when it carries none that could be one. */
function tokenOf(req: Request): string | undefined {
  const token = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
  return token && token.length <= 100 ? token : undefined;
}

function attach(req: Request, token: string, { user, group }: SessionLookup): void {
  req.sessionToken = token;
  req.user = { ...user, fullName: `${user.firstname} ${user.lastname}` };
  req.actor = actorOfUser(user, group);
}

/** True when the request's session is settled already (attached, or known to be absent). */
function settled(req: Request): boolean {
  if (req.actor || req.sessionToken === '') return true;
  if (tokenOf(req)) return false;
  req.sessionToken = '';
  return true;
}

/**
 * Resolves the session cookie once per request; leaves req.actor undefined when there is none.
 * Session, user and the group of the user's role come from memory when the session cache may answer
 * (after one round trip shared by the requests waiting: SessionStore.resolveSession), else from one
 * statement rather than three round trips; the actor is built from them as actorFor() builds it.
 */
export function attachSession(req: Request): Promise<void> {
  if (settled(req)) return Promise.resolve();
  const token = tokenOf(req)!;
  req.sessionToken = '';
  return storesOf(req)
    .sessions.resolveSession(token)
    .then((found) => void (found && attach(req, token, found)));
}

/** The signed-in actor, or 401. */
export function actorOf(req: Request): Actor {
  if (!req.actor) throw new AppError('UNAUTHENTICATED');
  return req.actor;
}

/** The session resolved, then `then` — at once when the request's session is settled already. */
function withSession(req: Request, then: () => unknown): unknown {
  return settled(req) ? then() : attachSession(req).then(then);
}

export const requireUser: RequestHandler = (req, _res, next) =>
  withSession(req, () => {
    if (!req.actor) return next(new AppError('UNAUTHENTICATED'));
    next();
  });

/** Where a request came from, for the audit log. */
export const originOf = (req: Request): CallOrigin => ({ ip: req.ip, method: req.method, path: req.originalUrl });

/** Logs a refused authorization and answers 403 ACCESS_DENIED (http/access.ts). */
export async function denyAccess(req: Request, detail: Record<string, unknown> = {}): Promise<never> {
  return refuse(storesOf(req).authLog, { access: req.actor, email: req.user?.email, origin: originOf(req) }, detail);
}

/** Checks a permission inside a handler (logged when refused). */
export async function ensurePermission(req: Request, p: Permission): Promise<Actor> {
  const actor = actorOf(req);
  if (!can(actor, p)) await denyAccess(req, { permission: p });
  return actor;
}

/**
 * 401 without a session, 403 (logged) without the permission; not an async function, so a request whose
 * session is settled already goes on to the route at once (withSession).
 */
export function requirePermission(p: Permission): RequestHandler {
  return (req, _res, next) =>
    withSession(req, () => {
      if (!req.actor) return next(new AppError('UNAUTHENTICATED'));
      // a refusal is a rejected promise: the router hands it to the error handler, as it did the throw
      if (!can(req.actor, p)) return denyAccess(req, { permission: p });
      next();
    });
}
