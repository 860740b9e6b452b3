/**
 * The managers' overdue dashboard: certificates past due or due within a window, who holds each
 * (the current level's pending signers), since when, and how many reminder mails the workflow has
 * actually sent for the current level (recorded by the reminder activity in certificate_reminders).
 */
import type { Router } from 'express';
import { featureRouter } from '../http/params';
import { currentLevel, pendingSigners, permissionsOf, type OverdueAnswer, type OverdueRow } from '@grain/domain';
import { actorOf, requirePermission } from '../http/auth-middleware';
import { scopeOf } from '../http/scope';
import type { CertCtx } from './certificate-context';

/** At most this many active certificates are scanned: the dashboard is about what needs attention now. */
const MAX_CANDIDATES = 500;

export function overdueRoutes(ctx: CertCtx): Router {
  const r = featureRouter();
  r.get('/company/approvals/overdue', requirePermission('viewSystem'), async (req, res) => {
    const { companyId } = scopeOf(req);
    const viewer = actorOf(req);
    const windowMs = Math.min(Math.max(Number(req.query.dueWithinHours) || 48, 1), 24 * 365) * 3600_000;
    const onlyLevel = Number(req.query.level) || undefined;
    const now = Date.now();
    const rows: Array<OverdueRow & { since: string | undefined }> = [];
    for (const c of await ctx.stores.certificates.inFlightLevels(companyId, MAX_CANDIDATES)) {
      const due = c.deadline ? Date.parse(c.deadline) : NaN;
      if (onlyLevel && c.level !== onlyLevel) continue;
      if (!c.overdue && !(due - now <= windowMs)) continue;
      const stored = await ctx.stores.certificates.get(companyId, c.id);
      if (!stored) continue;
      const s = stored.state;
      const lvl = currentLevel(s)!;
      const can = permissionsOf(s, viewer, false);
      rows.push({
        _id: c.id,
        approvalNumber: c.approvalNumber,
        approvalName: c.approvalName,
        level: c.level,
        group: c.group,
        deadline: lvl.deadline,
        overdue: c.overdue || due < now,
        since: lvl.startedAt ?? s.startDate,
        holders: pendingSigners(s, lvl).map((x) => ({ _id: x.id, fullName: x.name })),
        remindersSent: 0,
        levelId: lvl.id,
        signers: lvl.signers.filter((x) => !x.delegatedBy).map((x) => ({ _id: x.id, fullName: x.name })),
        manage: can.manage,
        adjust: can.adjust,
      });
    }
    const sent = await ctx.stores.reminders.countSent(new Map(rows.map((x) => [x._id, { level: x.level, since: x.since }])));
    for (const row of rows) row.remindersSent = sent.get(row._id) ?? 0;
    rows.sort((a, b) => Date.parse(a.deadline) - Date.parse(b.deadline));
    res.json({ rows } satisfies OverdueAnswer);
  });
  return r;
}
