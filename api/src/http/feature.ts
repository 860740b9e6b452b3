import type { Router } from 'express';
import type { ApiDeps } from '../deps';

/**
 * A feature of the API. `apiPaths` are the paths under /api its routes live below, each one segment, or
 * two under `company/` ('auth', 'company/approvals', ...): app.ts hands a request to the one feature
 * whose path it is under, so a request passes through that feature's routes only, not every feature's
 * in turn (bench/RESULTS.md "(e)", issue 17). `mount` builds the routers: 'api' goes under /api (the
 * public call tables' paths are relative to it, routes keep their whole path); any other key
 * ('/openai', ...) is mounted at that path. Features are named `<name>Feature`, the routers they
 * combine `create<Name>Router`.
 */
export interface Feature {
  apiPaths: readonly string[];
  mount: (deps: ApiDeps) => Record<string, Router>;
}

/** The key of a path under /api that `apiPaths` name: its first segment, or its first two under company/; lower case, as routes match. */
export function apiPathKey(path: string): string {
  const parts = path.toLowerCase().split('/', 4);
  return parts[1] === 'company' ? `company/${parts[2] ?? ''}` : (parts[1] ?? '');
}
