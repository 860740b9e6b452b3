/**
 * How a due date reads next to an overdue flag: the date that was missed and how late it is now (or
 * how long is left), in whole days, or hours on the day itself.
 */
export function lateness(deadline: string | null | undefined, now = Date.now()): { key: string; vars: { n: number } } | null {
  const due = deadline ? Date.parse(deadline) : NaN;
  if (!Number.isFinite(due)) return null;
  const ms = now - due;
  const hours = Math.floor(Math.abs(ms) / 3_600_000);
  const days = Math.floor(hours / 24);
  if (ms >= 0) return days >= 1 ? { key: 'cert.late.days', vars: { n: days } } : { key: 'cert.late.hours', vars: { n: Math.max(1, hours) } };
  return days >= 1 ? { key: 'cert.left.days', vars: { n: days } } : { key: 'cert.left.hours', vars: { n: Math.max(1, hours) } };
}
