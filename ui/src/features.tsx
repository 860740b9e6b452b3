import type { ComponentType, ReactElement } from 'react';
import { InboxCounter } from './features/certificates/inbox/InboxCounter';
import { ACCOUNT_ROUTES } from './features/accounts/routes';
import { CERTIFICATE_ROUTES } from './features/certificates/routes';
import { FARMDATA_ROUTES } from './features/farmdata/routes';
import { DOCUMENT_ROUTES } from './features/documents/routes';
import { POLICY_ROUTES } from './features/policy/routes';
import { BLOCKCHAIN_ROUTES } from './features/blockchain/routes';
import { COMPLIANCE_ROUTES } from './features/compliance/routes';
import { ISSUER_ROUTES } from './features/issuer/routes';
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

/**
 * Every feature's routes, gathered. A feature folder (features/<name>/) exports its routes from
 * `routes.tsx`; add one import and one spread here.
 */
export const FEATURE_ROUTES: FeatureRoute[] = [
  ...ACCOUNT_ROUTES,
  ...CERTIFICATE_ROUTES,
  ...FARMDATA_ROUTES,
  ...DOCUMENT_ROUTES,
  ...POLICY_ROUTES,
  ...BLOCKCHAIN_ROUTES,
  ...COMPLIANCE_ROUTES,
  ...ISSUER_ROUTES,
];

/** Components without a screen that keep shell state current (tab counts); rendered in every framed page. */
export const FEATURE_SERVICES: ComponentType[] = [InboxCounter];
