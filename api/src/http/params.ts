import { Router } from 'express';
import { AppError, isLevelId, isUuid } from '@grain/domain';

/**
 * A route parameter that names a stored object by id: anything but a uuid names nothing, so it is
 * answered 404 before it can reach a uuid column (where the database would refuse it as an error).
 */
export function uuidParam(v: unknown): string {
  if (!isUuid(v)) throw new AppError('NOT_FOUND');
  return v.toLowerCase();
}

/** The path parameters that name stored objects, and what each may look like. */
const ID_PARAMS: Record<string, (v: string) => boolean> = {
  id: (v) => isUuid(v) || isLevelId(v),
  companyId: isUuid,
  complianceId: isUuid,
  /** A certificate's SHA-256 fingerprint, hex (the company's seal). */
  fingerprint: (v) => /^[0-9a-fA-F]{64}$/.test(v),
};

/**
 * The router every feature builds its routes on: a path id of the wrong form is answered 404 NOT_FOUND
 * before the handler runs (before its body is read or checked), the same answer as an id nobody has.
 */
export function featureRouter(): Router {
  const r = Router();
  for (const [name, check] of PARAM_CHECKS) r.param(name, check);
  return r;
}

/** The checks of ID_PARAMS as param callbacks, made once: every feature router holds the same functions. */
const PARAM_CHECKS = Object.entries(ID_PARAMS).map(
  ([name, valid]) =>
    [name, (_req: unknown, _res: unknown, next: (e?: unknown) => void, value: string) => next(valid(value) ? undefined : new AppError('NOT_FOUND'))] as const,
);

interface LayerInternals {
  handle: unknown;
  route?: unknown;
  /** Mounted at '/' as a middleware (router 2's Layer). */
  slash?: boolean;
}
interface RouterInternals {
  stack: LayerInternals[];
  params: Record<string, unknown[]>;
  caseSensitive?: boolean;
  mergeParams?: boolean;
  strict?: boolean;
}
const isRouter = (h: unknown): h is RouterInternals =>
  typeof h === 'function' && Array.isArray((h as Partial<RouterInternals>).stack) && typeof (h as Partial<RouterInternals>).params === 'object';
const sameParams = (a: RouterInternals, b: RouterInternals) => {
  const names = Object.keys(a.params);
  return (
    names.length === Object.keys(b.params).length &&
    names.every((n) => a.params[n]!.length === b.params[n]?.length && a.params[n]!.every((f, i) => f === b.params[n]![i]))
  );
};

/**
 * Reads into `router` the routes of the routers it mounts at '/' that hold nothing but routes (a
 * feature's route files, each its own featureRouter), in their order: a request then passes one
 * router instead of two, each router step costing Express a traversal with its own closures, path
 * trimming and param pass (bench/RESULTS.md, the list's profile). Only where nothing can tell the
 * difference: the inner router holds no middleware (which would then run for its siblings' routes
 * too), and has the same options and the same param callbacks (featureRouter's) as the outer one.
 * The routes stay in the router's `stack`, where the security suites' route walks read them.
 */
export function flattenRoutes<R extends Router>(router: R): R {
  const outer = router as unknown as RouterInternals;
  outer.stack = outer.stack.flatMap((layer) => {
    const inner = layer.handle;
    if (layer.route || !layer.slash || !isRouter(inner)) return [layer];
    flattenRoutes(inner as unknown as Router);
    const readable =
      inner.stack.every((l) => l.route) &&
      inner.caseSensitive === outer.caseSensitive &&
      inner.mergeParams === outer.mergeParams &&
      inner.strict === outer.strict &&
      sameParams(outer, inner);
    return readable ? inner.stack : [layer];
  });
  return router;
}
