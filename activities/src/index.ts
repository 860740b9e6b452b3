import type { ActivityDeps } from './deps';

export * from './deps';

/**
 * All activities of the system, built from their factories. Each feature adds its factory here
 * (createCertificateActivities, createComplianceActivities, ...).
 */
export function createActivities(deps: ActivityDeps) {
  void deps;
  return {};
}
export type Activities = ReturnType<typeof createActivities>;
