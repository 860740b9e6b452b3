/** The caller of an accounts use case, read from the request (the session, the address, the language). */
import type { Request } from 'express';
import { actorOf, originOf } from '../http/auth-middleware';
import { langOf } from '../http/lang';
import type { AccountCaller, AccountOrigin } from './commands/command-deps';
import { sessionTokenOf } from './session-cookie';

export function accountOrigin(req: Request): AccountOrigin {
  return { ...originOf(req), ip: req.ip ?? 'unknown', userAgent: req.header('user-agent'), lang: langOf(req) };
}

/** The signed-in caller (401 without a session). */
export function callerOf(req: Request): AccountCaller {
  return { access: actorOf(req), email: req.user!.email, origin: accountOrigin(req), sessionToken: req.sessionToken || sessionTokenOf(req) };
}
