/**
 * What an operator sees of a certificate's workflow in the Temporal Web UI: a one-line summary (its number
 * and name, instead of a bare workflow id) and details in Markdown (company, submitter, the levels and a
 * link back to the certificate in the app). Set when the workflow starts; Temporal shows both on the
 * workflow's page and the summary in its lists.
 */
import { currentLevel, pendingSigners, signedPrincipals } from './machine';
import type { CertificateDraft, CertificateState } from './types';

export interface OperatorView {
  summary: string;
  details: string;
  memo: { certificateNumber: string; certificateName: string; company: string; submitter: string };
}

const oneLine = (s: string, max: number) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
/** Markdown text with its special characters escaped, so a name cannot turn into a link or a heading. */
const md = (s: string) => s.replace(/([\\`*_{}[\]()#+\-.!|<>])/g, '\\$1');

const utc = (iso?: string) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');

/**
 * The workflow's current details in the Temporal Web UI (Markdown): where the certificate is and whom it
 * waits for — the level, who has still to sign and by when, or the submitter after a send-back. Kept
 * current by the workflow after every change (it costs no history: the UI asks the worker for it).
 */
export function currentDetails(s: CertificateState): string {
  const l = currentLevel(s);
  const of = `${s.stage} of ${s.levels.length}`;
  switch (s.status) {
    case 'created':
      return 'Draft: not submitted.';
    case 'done':
      return `**Issued** ${utc(s.completedDate)}: all ${s.levels.length} levels signed.`;
    case 'cancelled':
      return '**Withdrawn**: waits for nobody.';
    case 'rejected':
      return `**Sent back to level ${of}** (${md(l?.group ?? '')}): waiting for ${md(s.submitter.name)} to update and resubmit.`;
    default: {
      if (!l) return '';
      const waiting = pendingSigners(s, l).map((p) => md(p.name));
      const signed = signedPrincipals(l).size;
      return [
        `**Level ${of}** (${md(l.group)}): waiting for ${waiting.join(', ') || 'nobody'} — ${signed} of ${l.signatures} signature${l.signatures === 1 ? '' : 's'} so far.`,
        `**Due** ${utc(l.deadline)}${l.overdue ? ' — **overdue**' : ''}.`,
      ].join('\n\n');
    }
  }
}

/** The certificate's page in the app; `sign` opens its sign dialog for a signer of the current level. */
export function certificateDetailPath(certificateId: string, opts: { sign?: boolean } = {}): string {
  return `/views/approval/detail?id=${encodeURIComponent(certificateId)}${opts.sign ? '&sign=1' : ''}`;
}

/** The public verification page of an issued certificate, by its content hash (what the PDF's QR code opens). */
export function certificateVerifyPath(contentHash: string): string {
  return `/views/verify?hash=${encodeURIComponent(contentHash)}`;
}

export function operatorView(d: CertificateDraft, companyName: string, appUrl?: string): OperatorView {
  const levels = d.levels.map(
    (l, i) =>
      `${i + 1}. ${md(l.group)}: ${l.signatures} of ${l.signers.length} (${l.signers.map((s) => md(s.name)).join(', ')}), due ${l.deadline.slice(0, 16).replace('T', ' ')} UTC`,
  );
  const link = appUrl ? [`[Open certificate ${md(d.approvalNumber)} in the app](${appUrl.replace(/\/+$/, '')}${certificateDetailPath(d.id)})`] : [];
  // The Web UI shows the details in a box of a few lines (more only by scrolling inside it): the link
  // first. Paragraphs and a list, since Markdown joins single lines into one.
  const paragraphs = [
    ...link,
    `**Company:** ${md(companyName)}  \n**Submitter:** ${md(d.submitter.name)} (${md(d.submitter.email)})`,
    '**Levels**',
    levels.join('\n'),
  ];
  return {
    summary: oneLine(`Certificate ${d.approvalNumber}: ${d.approvalName}`, 200),
    details: paragraphs.join('\n\n'),
    memo: { certificateNumber: d.approvalNumber, certificateName: d.approvalName, company: companyName, submitter: d.submitter.name },
  };
}
