/**
 * The managers' overdue dashboard: certificates past due or due within a window, who holds each (the
 * current level's pending signers), since when, and how many reminder mails the workflow has actually
 * sent for the current level (recorded by the reminder activity in certificate_reminders).
 */
import { currentLevel, pendingSigners, permissionsOf, type OverdueRow } from '@grain/domain';
import type { Caller, CertificateCommandDeps } from './command-deps';

/** At most this many active certificates are scanned: the dashboard is about what needs attention now. */
const MAX_CANDIDATES = 500;

export interface ShowOverdueOptions {
  caller: Caller;
  /** Certificates due within this many milliseconds count as well as overdue ones. */
  windowMs: number;
  /** Only certificates whose current level has this number. */
  level?: number;
}

export async function showOverdue({ caller, windowMs, level }: ShowOverdueOptions, { stores }: CertificateCommandDeps): Promise<OverdueRow[]> {
  const now = Date.now();
  const rows: Array<OverdueRow & { since: string | undefined }> = [];
  for (const c of await stores.certificates.inFlightLevels(caller.companyId, MAX_CANDIDATES)) {
    const due = c.deadline ? Date.parse(c.deadline) : NaN;
    if (level && c.level !== level) continue;
    if (!c.overdue && !(due - now <= windowMs)) continue;
    const stored = await stores.certificates.get(caller.companyId, c.id);
    if (!stored) continue;
    const s = stored.state;
    const lvl = currentLevel(s)!;
    const can = permissionsOf(s, caller.access, false);
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
  const sent = await stores.reminders.countSent(new Map(rows.map((x) => [x._id, { level: x.level, since: x.since }])));
  for (const row of rows) row.remindersSent = sent.get(row._id) ?? 0;
  return rows.sort((a, b) => Date.parse(a.deadline) - Date.parse(b.deadline));
}
