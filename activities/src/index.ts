import type { ActivityDeps } from './deps';
import { createCertificateActivities } from './certificate';
import { createComplianceActivities } from './compliance';

export * from './deps';
export * from './certificate';
export * from './compliance';

/**
 * All activities of the system, built from their factories. Each feature adds its factory here
 * (createCertificateActivities, createComplianceActivities, ...).
 */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createCertificateActivities(deps),
    ...createComplianceActivities(deps),
  };
}
export type Activities = ReturnType<typeof createActivities>;
