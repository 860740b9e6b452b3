/**
 * The list's toggle buttons. Each certificate falls under exactly one: "approved" is status done; an
 * overdue certificate shows only under Overdue; a rejected one is "sent back" (it waits for its submitter
 * or an earlier level, so counting it under Signing misled managers); cancelled ones under none. The API filters and counts with these, the UI files cards by them.
 */
import type { CertificateStatus } from './types';

/** A status the list can filter by: the real statuses plus the overdue flag. */
export type CertificateListStatus = CertificateStatus | 'overdue';

/**
 * "signing" is "Awaiting signatures": submitted and not yet signed (status pending) and partly signed
 * (status signing) alike, so a certificate does not change its place on the list at its first signature.
 */
export const TOGGLES = ['overdue', 'signing', 'sentBack', 'approved', 'created'] as const;
export type Toggle = (typeof TOGGLES)[number];

/** How many certificates fall under each toggle. */
export type ToggleCounts = Record<Toggle, number>;

export const TOGGLE_STATUSES: Record<Toggle, CertificateListStatus[]> = {
  overdue: ['overdue'],
  approved: ['done'],
  signing: ['pending', 'signing'],
  sentBack: ['rejected'],
  created: ['created'],
};

export const isToggle = (x: string): x is Toggle => (TOGGLES as readonly string[]).includes(x);

/** The list statuses the asked toggles cover. */
export const statusesOfToggles = (toggles: readonly Toggle[]): CertificateListStatus[] => toggles.flatMap((t) => TOGGLE_STATUSES[t]);

/** Counts per toggle from counts per list status (an overdue certificate is counted only as overdue). */
export function toggleCounts(c: Record<CertificateListStatus, number>): ToggleCounts {
  const out = { overdue: 0, signing: 0, sentBack: 0, approved: 0, created: 0 };
  for (const t of TOGGLES) out[t] = TOGGLE_STATUSES[t].reduce((n, status) => n + c[status], 0);
  return out;
}

/** The one toggle a certificate falls under, or null (cancelled). */
export function toggleOf(a: { status: CertificateStatus; overdue: boolean }): Toggle | null {
  if (a.status === 'cancelled') return null;
  if (a.status === 'done') return 'approved';
  if (a.status === 'created') return 'created';
  if (a.overdue) return 'overdue';
  if (a.status === 'rejected') return 'sentBack';
  return 'signing';
}
