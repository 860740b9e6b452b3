import { Suspense, useEffect, useRef } from 'react';
import { matchPath, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { LinearProgress } from '@mui/material';
import type { FeatureRoute } from '../feature-route';
import { FEATURE_ROUTES, FEATURE_SERVICES } from '../features';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { RequireAuth } from './RequireAuth';
import { RequireAccess } from './RequireAccess';
import { RequireCompany } from './RequireCompany';
import type { SessionUser } from './auth';
import { warmUp } from '../api/client';

/**
 * Public routes render bare; every other route is guarded and framed by the Layout, and a route with
 * `allow` shows the access-denied screen to a user whose permissions do not allow its action.
 */
function frame(r: FeatureRoute) {
  // Pages load with their route (lazy-page.ts): the shell stays up while a page's script arrives.
  const page = <Suspense fallback={<LinearProgress data-testid="page-loading" />}>{r.element}</Suspense>;
  if (r.public) return page;
  return (
    <RequireAuth>
      <Layout sideMenu={r.sideMenu}>
        {FEATURE_SERVICES.map((Service, i) => (
          <Service key={i} />
        ))}
        <RequireCompany skip={r.withoutCompany}>
          <RequireAccess allow={r.allow}>{page}</RequireAccess>
        </RequireCompany>
      </Layout>
    </RequireAuth>
  );
}

/** The route a path opens, as the router matches it (case-insensitive). */
const routeAt = (pathname: string, routes: FeatureRoute[]) => routes.find((r) => matchPath({ path: r.path, caseSensitive: false }, pathname));

/**
 * Starts loading the page of the route at `pathname` (lazy-page.ts), before the app renders: otherwise
 * its script would be asked for only once the session check answered, one round trip later.
 */
export function preloadPage(pathname: string, routes: FeatureRoute[] = FEATURE_ROUTES): void {
  const route = routeAt(pathname, routes);
  (route?.element.type as { preload?: () => void } | undefined)?.preload?.();
}

/**
 * Asks the first calls of the page at `location` for `user` (its route's `warm`) before the page has
 * loaded, when that page will be shown to them: a guarded route, their company there where it needs
 * one, and their access allowing it. Anything else asks nothing.
 */
export function warmPage(location: { pathname: string; search: string }, user: SessionUser, routes: FeatureRoute[] = FEATURE_ROUTES): void {
  const route = routeAt(location.pathname, routes);
  if (!route?.warm || route.public || (!user.companyId && !route.withoutCompany)) return;
  const query = new URLSearchParams(location.search);
  if (route.allow && !route.allow(user, query)) return;
  const warm = route.warm;
  warmUp(() => warm(query));
}

/**
 * A page opened from another (a link, a navigate: PUSH or REPLACE) starts at its top; the window would
 * otherwise keep the scroll of the page before. Going back or forward (POP) is left to the browser,
 * which restores where the reader was. A change of the query alone (filters, a tab) keeps the scroll.
 */
export function ScrollOnNavigate() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

export function AppRoutes({ routes = FEATURE_ROUTES }: { routes?: FeatureRoute[] }) {
  return (
    <>
      <ScrollOnNavigate />
      <Routes>
        {routes.map((r) => (
          <Route key={r.path} path={r.path} element={frame(r)} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </>
  );
}
