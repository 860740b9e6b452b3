import type { ActivityDeps } from './deps';
import { createCertificateActivities } from './certificate';
import { createComplianceActivities } from './compliance';
import { createCorrectiveActionActivities } from './corrective-action';

export * from './deps';
export * from './certificate';
export * from './compliance';
export * from './corrective-action';

/**
 * An activity that answers nothing records `undefined` as a `binary/null` payload, which the Temporal
 * Web UI reads as broken JSON ("Could not parse payload"). Such an activity's type becomes `never`
 * here, so `createActivities` does not compile until it answers a value.
 */
type AnswerAValue<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => Promise<infer R> ? ([R] extends [void | undefined | null] ? never : T[K]) : T[K];
};

/**
 * All activities of the system, built from their factories. Each feature adds its factory here
 * (createCertificateActivities, createComplianceActivities, ...).
 */
export function createActivities(deps: ActivityDeps) {
  const activities = {
    ...createCertificateActivities(deps),
    ...createComplianceActivities(deps),
    ...createCorrectiveActionActivities(deps),
  };
  return activities satisfies AnswerAValue<typeof activities>;
}
export type Activities = ReturnType<typeof createActivities>;
