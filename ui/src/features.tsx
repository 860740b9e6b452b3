import type { ComponentType } from 'react';
import type { FeatureRoute } from './feature-route';
import { InboxCounter } from './features/certificates/inbox/InboxCounter';
import { ACCOUNT_ROUTES } from './features/accounts/routes';
import { CERTIFICATE_ROUTES } from './features/certificates/routes';
import { FARMDATA_ROUTES } from './features/farmdata/routes';
import { DOCUMENT_ROUTES } from './features/documents/routes';
import { POLICY_ROUTES } from './features/policy/routes';
import { BLOCKCHAIN_ROUTES } from './features/blockchain/routes';
import { COMPLIANCE_ROUTES } from './features/compliance/routes';
import { CORRECTIVE_ACTION_ROUTES } from './features/corrective-actions/routes';
import { ISSUER_ROUTES } from './features/issuer/routes';

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
  ...CORRECTIVE_ACTION_ROUTES,
  ...ISSUER_ROUTES,
];

/** Components without a screen that keep shell state current (tab counts); rendered in every framed page. */
export const FEATURE_SERVICES: ComponentType[] = [InboxCounter];
