import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import cookieParser from 'cookie-parser';
import type { ApiDeps } from '../deps';
import { bindAuth } from './auth-middleware';
import { nulInRequest, unreadableRequest } from './input-guards';
import { stampRequestId } from './request-id';
import { createCrossSiteGuard } from './security';
import { setSecurityHeaders } from './security-headers';

/** The paths whose calls know the app's session store and are refused cross-site when they change state. */
const AUTH_PATHS = /^\/(api|openai)(\/|$)/i;

/**
 * What every request passes before any router, in this order, as one handler of Express's router
 * (eight before: each one a router step with its own matching and `next` call, paid by every request;
 * http/request-layers.test.ts counts them): a request id and the security headers on the answer; the
 * refusal of an unreadable request; the cookies; a JSON body (only read when the request has one, as
 * the JSON parser itself decides: a GET has none); the refusal of a NUL byte; and for /api and /openai
 * the session store's binding (bindAuth) and the refusal of a cross-site change (createCrossSiteGuard).
 */
export function createEdge(deps: Pick<ApiDeps, 'stores' | 'config'>): RequestHandler {
  const cookies = cookieParser();
  const json = express.json({ limit: '2mb' });
  const bind = bindAuth(deps.stores);
  const crossSite = createCrossSiteGuard(deps);

  const afterBody = (req: Request, res: Response, next: NextFunction) => {
    const nul = nulInRequest(req);
    if (nul) return next(nul);
    if (!AUTH_PATHS.test(req.path)) return next();
    bind(req, res, (e?: unknown) => (e ? next(e) : crossSite(req, res, next)));
  };
  const afterCookies = (req: Request, res: Response, next: NextFunction) => {
    // type-is's hasBody, which the JSON parser asks first: without either header there is no body to read
    if (req.headers['transfer-encoding'] === undefined && req.headers['content-length'] === undefined) return afterBody(req, res, next);
    json(req, res, (e?: unknown) => (e ? next(e) : afterBody(req, res, next)));
  };
  return function edge(req, res, next) {
    stampRequestId(req, res);
    setSecurityHeaders(req, res);
    const unreadable = unreadableRequest(req);
    if (unreadable) return next(unreadable);
    cookies(req, res, (e?: unknown) => (e ? next(e) : afterCookies(req, res, next)));
  };
}
