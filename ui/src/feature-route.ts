import type { ReactElement } from 'react';
import type { RouteAccess } from './app/RequireAccess';

/**
 * One screen route of the spec (`/views/...`). `public` routes need no signed-in user and render
 * without the Layout; every other route is guarded (redirect to /views/login) and framed by the
 * Layout automatically (app/AppRoutes.tsx). `sideMenu` adds the 'User Setting' side menu.
 */
export interface FeatureRoute {
  path: string;
  element: ReactElement;
  public?: boolean;
  sideMenu?: boolean;
  /** Who may open it (app/RequireAccess.tsx: needs(...), ownOr, ...); others see the access-denied screen. */
  allow?: RouteAccess;
  /**
   * Works before the signed-in user's company exists (the company and address forms, one's password,
   * the policy reference). Every other guarded screen shows a company's data and, until there is one,
   * says to set it up first (app/RequireCompany.tsx).
   */
  withoutCompany?: boolean;
  /**
   * The GET calls the page makes as it first renders, made with the same functions: on a cold start
   * they are asked as soon as the session is known, while the page's script is still arriving
   * (main.tsx, AppRoutes warmPage), and the page's own calls take those answers. Only reads.
   */
  warm?: (query: URLSearchParams) => void;
}
