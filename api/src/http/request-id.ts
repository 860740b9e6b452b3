import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Names this request in the server log and in the X-Request-Id answer header. */
      requestId?: string;
    }
  }
}

/** A proxy's id is kept when it is short and plain, so one id follows the request through both logs. */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,64}$/;

/** Names the request (req.requestId) and its answer (X-Request-Id); run by the edge (edge.ts) for every request. */
export function stampRequestId(req: Request, res: Response): void {
  const given = req.headers['x-request-id'];
  req.requestId = typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', req.requestId);
}
