import type { Server } from 'node:http';
import type { Express } from 'express';

/**
 * How long an idle keep-alive connection stays open: longer than the clients and proxies in front of
 * the API keep theirs (a cloud load balancer's idle time is usually 60 s; browsers and Node's fetch
 * reuse pooled connections for seconds). With Node's default of 5 s the server could close a connection
 * at the moment a client sent its next request on it, and that request failed with ECONNRESET (a POST
 * is not retried), or a proxy answered 502.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The API's HTTP server listening on `port` of `host` (0: any free port), with the keep-alive above. */
export function listen(app: Express, port: number, host = '127.0.0.1'): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => resolve(server));
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000; // must outlast keep-alive, or a slow next request is cut
    server.once('error', reject);
  });
}
