import type { CookieOptions, Request, Response } from 'express';
import { DEFAULT_SESSION_POLICY } from '@grain/persistence';
import { SESSION_COOKIE } from '../http/auth-middleware';

/** HttpOnly, SameSite=Lax, Secure when the public URL is https; lives as long as the session may. */
function sessionCookieOptions(publicUrl: string): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https:'),
    path: '/',
    maxAge: DEFAULT_SESSION_POLICY.absoluteMs,
  };
}
export function setSessionCookie(res: Response, publicUrl: string, token: string): void {
  res.cookie(SESSION_COOKIE, token, sessionCookieOptions(publicUrl));
}
export function clearSessionCookie(res: Response, publicUrl: string): void {
  const { maxAge: _m, ...opts } = sessionCookieOptions(publicUrl);
  res.clearCookie(SESSION_COOKIE, opts);
}
export const sessionTokenOf = (req: Request): string | undefined => (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
