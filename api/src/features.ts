import type { Feature } from './http/feature';
import { accountsFeature } from './accounts/feature';
import { farmDataFeature } from './farmdata/feature';
import { documentsFeature } from './documents/feature';
import { policyFeature } from './policy/feature';
import { blockchainFeature } from './blockchain/feature';
import { certificatesFeature } from './certificates/feature';
import { complianceFeature } from './compliance/feature';
import { correctiveActionsFeature } from './corrective-actions/feature';
import { passkeysFeature } from './passkeys/feature';
import { issuerFeature } from './issuer/feature';
import { trustFeature } from './trust/feature';

/** Every feature of the API, in mount order; a new feature folder adds its line here. */
export const FEATURES: readonly Feature[] = [
  accountsFeature,
  farmDataFeature,
  documentsFeature,
  policyFeature,
  blockchainFeature,
  certificatesFeature,
  complianceFeature,
  correctiveActionsFeature,
  passkeysFeature,
  issuerFeature,
  trustFeature,
];
