import type { Router } from 'express';
import type { ApiDeps } from '../deps';

/**
 * A feature mounts its routers by prefix: 'api' goes under /api (the public call tables' paths are
 * relative to it); any other key ('/openai', ...) is mounted at that path. Features are named
 * `<name>Feature`, the routers they combine `create<Name>Router`.
 */
export type Feature = (deps: ApiDeps) => Record<string, Router>;
