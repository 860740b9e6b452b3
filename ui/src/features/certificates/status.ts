import type { ApprovalView, DisplayStatus } from './api';

/**
 * The list's toggle buttons (spec 000 §2): each certificate falls under exactly one. "approved" is
 * status done; an overdue certificate shows only under Overdue; rejected ones are being signed again,
 * so they count as Signing (spec 000 §4: "otherwise a non-done approval shows as signing"). The API
 * (api/src/certificates/approval-view.ts, toggleOf) uses the same mapping for its counts and filter.
 */
export const TOGGLES = ['overdue', 'pending', 'approved', 'signing', 'created'] as const;
export type Toggle = (typeof TOGGLES)[number];
export const INITIAL_TOGGLES: Toggle[] = ['pending', 'signing'];

export function toggleOf(a: Pick<ApprovalView, 'status' | 'overdue'>): Toggle | null {
  if (a.status === 'cancelled') return null;
  if (a.status === 'done') return 'approved';
  if (a.status === 'created') return 'created';
  if (a.overdue) return 'overdue';
  if (a.status === 'pending') return 'pending';
  return 'signing';
}

export const STATUS_COLOR: Record<DisplayStatus, 'default' | 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info'> = {
  created: 'default',
  signing: 'info',
  pending: 'warning',
  rejected: 'secondary',
  done: 'success',
  cancelled: 'default',
  overdue: 'error',
};

/** yyyy-mm-dd of an ISO time (spec 000 §2: due dates shown as yyyy-mm-dd). */
export const ymd = (iso?: string | null): string => (iso ? iso.slice(0, 10) : '');
