import type { DisplayStatus, Toggle } from '@grain/domain';

/** The toggles switched on when the list opens. */
/** Overdue is among them: an approver answering an overdue reminder must find the certificate. */
export const INITIAL_TOGGLES: Toggle[] = ['signing', 'sentBack', 'overdue'];

export const STATUS_COLOR: Record<DisplayStatus, 'default' | 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info'> = {
  created: 'default',
  signing: 'info',
  pending: 'warning',
  rejected: 'secondary',
  done: 'success',
  cancelled: 'default',
  overdue: 'error',
};

/** yyyy-mm-dd of an ISO time (due dates are shown as yyyy-mm-dd). */
