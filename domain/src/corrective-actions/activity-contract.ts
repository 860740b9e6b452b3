import type { ActionEffect, CorrectiveActionState } from './types';

/**
 * The corrective-action activities as the workflow calls them (createCorrectiveActionActivities in
 * @grain/activities). Every activity answers a value (the Temporal Web UI cannot read `undefined`).
 */
export interface CorrectiveActionActivityContract {
  /** Writes the read model (only forward: a lower version changes nothing) and tells the company's open pages. */
  saveCorrectiveAction(a: { state: CorrectiveActionState }): Promise<{ applied: boolean; version: number }>;
  /** Sends one mail effect (en + vn, deep link) to its recipients, once per key. */
  mailCorrectiveAction(a: { key: string; state: CorrectiveActionState; effect: ActionEffect }): Promise<{ mailed: number }>;
}
