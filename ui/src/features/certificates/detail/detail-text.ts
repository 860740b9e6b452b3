import type { CertificateView } from '@grain/domain';
import { lateness } from '../due';

type T = (k: string, v?: Record<string, string | number>) => string;

/** The status line: who has to act next, and what they have to do. */
export function waitingText(a: CertificateView, t: T): string {
  const w = a.waitingFor!;
  const names = w.names.join(', ');
  if (w.who === 'signers') return t('cert.waiting.sign', { names, level: w.level ?? a.stageLevel });
  return t(a.status === 'created' ? 'cert.waiting.submit' : 'cert.waiting.resubmit', { names });
}

/** The due date that matters now: the current level's (with how late, when overdue), and the last level's after it. */
export function dueText(a: CertificateView, t: T, date: (d?: string) => string): string {
  const level = a.approvalLevels.find((l) => l.level === a.stageLevel);
  const underWay = !!level && (a.status === 'signing' || a.status === 'pending' || a.status === 'rejected');
  if (!underWay) return `${t('cert.due')}: ${date(a.deadline)}`;
  const late = level.overdue || a.displayStatus === 'overdue' ? lateness(level.deadline) : null;
  const current = `${t('cert.levelDue', { level: level.level })}: ${date(level.deadline)}${late ? ` (${t(late.key, late.vars)})` : ''}`;
  return level.level < a.approvalLevels.length ? `${current} · ${t('cert.finalDue')}: ${date(a.deadline)}` : current;
}

/** What the viewer may do; a view without `can` (never answered to a signed-in viewer) allows nothing. */
export function permittedOf(a: CertificateView): NonNullable<CertificateView['can']> {
  return (
    a.can ?? {
      edit: false,
      sign: false,
      reject: false,
      delegate: false,
      delete: false,
      getCert: false,
      pdfPending: false,
      revoke: false,
      manage: false,
      adjust: false,
      signaturePassword: false,
    }
  );
}
