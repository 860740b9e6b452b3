import { configure, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { Language } from '@grain/domain';
import { Providers } from '../app/Providers';
import { AppRoutes } from '../app/AppRoutes';
import { FEATURE_ROUTES } from '../features';
import type { FeatureRoute } from '../feature-route';

// The machine is shared by several test runs at once; a screen may need more than the default 1 s.
configure({ asyncUtilTimeout: 15_000 });

/** Shows the current location so a test can see where a screen navigated to. */
function WhereAmI() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}

/** Renders the real app (providers, guard, layout, every feature route) at `path`. */
export function renderApp(path: string, opts: { lang?: Language; extraRoutes?: FeatureRoute[] } = {}) {
  return render(
    <Providers lang={opts.lang ?? 'en'}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={[...(opts.extraRoutes ?? []), ...FEATURE_ROUTES]} />
        <WhereAmI />
      </MemoryRouter>
    </Providers>,
  );
}
