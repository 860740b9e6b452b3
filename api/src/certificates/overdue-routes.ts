/**
 * The managers' overdue dashboard: certificates past due or due within a window, who holds each
 * (the current level's pending signers), since when, and how many reminders the workflow's schedule
 * has sent by now (reminder offsets passed since the level started, plus the overdue repeats).
 */
import { Router } from 'express';
import { currentLevel, pendingSigners, type CertificateState } from '@grain/domain';
import { requirePermission } from '../http/auth-middleware';
import { companyOf, type CertCtx } from './certificate-context';

export function remindersSent(s: CertificateState, now: number): number {
  const l = currentLevel(s);
  if (!l) return 0;
  const due = Date.parse(l.deadline);
  const started = l.startedAt ? Date.parse(l.startedAt) : Date.parse(s.startDate ?? l.deadline);
  let n = s.reminders.offsetsMs.filter((off) => due - off >= started && due - off <= now).length;
  if (now >= due) n += 1 + Math.floor((now - due) / Math.max(s.reminders.overdueRepeatMs, 1));
  return n;
}

export function overdueRoutes(ctx: CertCtx): Router {
  const r = Router();
  r.get('/company/approvals/overdue', requirePermission('viewSystem'), async (req, res) => {
    const companyId = companyOf(req);
    const windowMs = Math.min(Math.max(Number(req.query.dueWithinHours) || 48, 1), 24 * 365) * 3600_000;
    const onlyLevel = Number(req.query.level) || undefined;
    const now = Date.now();
    const rows = [];
    let after: string | undefined;
    // At most 500 active certificates are scanned: the dashboard is about what needs attention now.
    for (let page = 0; page < 5; page++) {
      const p = await ctx.store.list({ companyId, statuses: ['signing', 'pending', 'rejected', 'overdue'], after, limit: 100 });
      for (const c of p.items) {
        const l = c.levels.find((x) => x.level === c.stage);
        const due = l?.deadline ? Date.parse(l.deadline) : NaN;
        if (!l || (onlyLevel && l.level !== onlyLevel)) continue;
        if (!c.overdue && !(due - now <= windowMs)) continue;
        const stored = await ctx.store.get(companyId, c.id);
        if (!stored) continue;
        const s = stored.state;
        const lvl = currentLevel(s)!;
        rows.push({
          _id: c.id, approvalNumber: c.approvalNumber, approvalName: c.approvalName, level: l.level, group: l.group,
          deadline: lvl.deadline, overdue: c.overdue || due < now, since: lvl.startedAt ?? s.startDate,
          holders: pendingSigners(s, lvl).map((x) => ({ _id: x.id, fullName: x.name })), remindersSent: remindersSent(s, now),
        });
      }
      if (!p.next) break;
      after = p.next;
    }
    rows.sort((a, b) => Date.parse(a.deadline) - Date.parse(b.deadline));
    res.json({ rows });
  });
  return r;
}
