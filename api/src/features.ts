import type { Router } from 'express';
import type { ApiDeps } from './deps';

/**
 * A feature mounts its routers by prefix: 'api' goes under /api (the spec's paths are relative to
 * it); any other key ('/openai', ...) is mounted at that path. Each feature folder adds its line here.
 */
export type Feature = (deps: ApiDeps) => Record<string, Router>;

export const FEATURE_ROUTERS: Feature[] = [];
