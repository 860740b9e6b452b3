/** The managers' overdue dashboard (commands/show-overdue.ts). */
import type { Router } from 'express';
import { featureRouter } from '../http/params';
import type { OverdueAnswer } from '@grain/domain';
import { requirePermission } from '../http/auth-middleware';
import { callerOf, type CertCtx } from './certificate-context';
import { showOverdue } from './commands/show-overdue';

export function overdueRoutes(ctx: CertCtx): Router {
  const r = featureRouter();
  r.get('/company/approvals/overdue', requirePermission('viewSystem'), async (req, res) => {
    const windowMs = Math.min(Math.max(Number(req.query.dueWithinHours) || 48, 1), 24 * 365) * 3600_000;
    const level = Number(req.query.level) || undefined;
    res.json({ rows: await showOverdue({ caller: callerOf(req), windowMs, level }, ctx) } satisfies OverdueAnswer);
  });
  return r;
}
