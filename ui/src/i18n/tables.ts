import type { Table } from './translation-table';
import { common } from './common';
import { shell } from '../app/i18n';
import { accounts } from '../features/accounts/i18n';
import { certificates } from '../features/certificates/i18n';
import { farmdata } from '../features/farmdata/i18n';
import { documents } from '../features/documents/i18n';
import { policy } from '../features/policy/i18n';
import { blockchain } from '../features/blockchain/i18n';
import { compliance } from '../features/compliance/i18n';
import { correctiveActions } from '../features/corrective-actions/i18n';
import { passkeys } from '../features/passkeys/i18n';
import { issuer } from '../features/issuer/i18n';

/**
 * All translation tables merged. Each feature adds one import and one spread here; keys are
 * prefixed by feature (e.g. 'farm.title') so tables never collide.
 */
export const TRANSLATIONS: Table = {
  ...common,
  ...shell,
  ...accounts,
  ...certificates,
  ...farmdata,
  ...documents,
  ...policy,
  ...blockchain,
  ...compliance,
  ...correctiveActions,
  ...passkeys,
  ...issuer,
};
