import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded with its route, not with the app: each page (and what only it uses, e.g. the data
 * grid, the charts, the PDF viewer) becomes its own script, fetched when the route is first shown, so
 * the first screen loads only its own page (issue 17: an approver opening a sign link does not load
 * the compliance or policy screens). `name` is the page module's named export. `preload()` starts the
 * fetch early: the first screen's page loads while the session is still being checked (AppRoutes).
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  let loading: Promise<M> | undefined;
  const get = () => (loading ??= load());
  const Page = lazy(async () => ({ default: (await get())[name] as ComponentType<any> }));
  return Object.assign(Page, { preload: () => void get().catch(() => undefined) });
}
