/**
 * Public (no login) endpoints are throttled per address (issue 26 item 9): at most PUBLIC_VERIFY_PER_MINUTE
 * look-ups and PUBLIC_CHECK_PER_MINUTE file checks a minute, counted in the database so every API process
 * counts the same. Past the limit: 429 PUBLIC_THROTTLED (en / vn) with Retry-After until the next minute.
 */
import type { RequestHandler } from 'express';
import { AppError } from '@grain/domain';
import type { ApiDeps } from '../deps';

const WINDOW_MS = 60_000;

export function publicThrottle(deps: Pick<ApiDeps, 'config' | 'stores'>, bucket: 'lookup' | 'check'): RequestHandler {
  const limit = bucket === 'lookup' ? deps.config.publicLimits.lookupsPerMinute : deps.config.publicLimits.checksPerMinute;
  return async (req, res, next) => {
    const now = Date.now();
    const windowStart = new Date(now - (now % WINDOW_MS));
    const n = await deps.stores.publicRequests.count(req.ip ?? 'unknown', bucket, windowStart);
    if (n <= limit) return next();
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now) / 1000));
    res.setHeader('Retry-After', String(retryAfterSeconds));
    next(new AppError('PUBLIC_THROTTLED', { retryAfterSeconds }));
  };
}
