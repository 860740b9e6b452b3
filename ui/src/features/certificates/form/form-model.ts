import {
  DEFAULT_LEVEL_NAMES,
  DEFAULT_PRIORITY,
  DEFAULT_SUMMARY,
  isDateText,
  MAX_SIGNATURES,
  MIN_SIGNATURES,
  PRIORITIES,
  type CertificateInputBody,
  type CertificateView,
  type CompanyPerson,
  type DocumentView,
  type Priority,
  type TemplateView,
} from '@grain/domain';
import { z } from 'zod';

/** The create / update form's values (react-hook-form). */
export interface LevelForm {
  _id?: string;
  group: string;
  signers: CompanyPerson[];
  signatures: number;
  deadline: string;
}
export interface ApprovalForm {
  approvalNumber: string;
  approvalName: string;
  priority: Priority;
  summary: string;
  approvalDoc: DocumentView | null;
  supportDocs: DocumentView[];
  approvalLevels: LevelForm[];
  /** Why the certificate is issued although its farm record fails its claimed grade (absent in older saved drafts). */
  deviationReason?: string;
}

const todayPlus = (days: number): string => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
export const today = () => todayPlus(0);

/** A new level (docs/spec/approvals.md §9): "Approval Level N", one signature, due today. */
export const newLevel = (n: number): LevelForm => ({ group: `Approval Level ${n}`, signers: [], signatures: 1, deadline: today() });

/** The three default levels of a new certificate (docs/spec/approvals.md §3). */
export function emptyForm(approvalNumber: string): ApprovalForm {
  return {
    approvalNumber,
    approvalName: '',
    priority: DEFAULT_PRIORITY,
    summary: '',
    approvalDoc: null,
    supportDocs: [],
    deviationReason: '',
    approvalLevels: DEFAULT_LEVEL_NAMES.map((group) => ({ group, signers: [], signatures: 1, deadline: today() })),
  };
}

export function formFromApproval(a: CertificateView): ApprovalForm {
  return {
    approvalNumber: a.approvalNumber,
    approvalName: a.approvalName,
    priority: a.priority,
    summary: a.summary === DEFAULT_SUMMARY ? '' : a.summary, // empty saves as the default again
    approvalDoc: a.approvalDoc,
    supportDocs: a.supportDocs,
    deviationReason: a.approvalDoc?.standardCheck?.deviationReason ?? '',
    approvalLevels: a.approvalLevels.map((l) => ({
      _id: l._id,
      group: l.group,
      signatures: l.signatures,
      deadline: l.deadline.slice(0, 10),
      signers: l.signers.map((s) => ({ _id: s._id, fullName: s.fullName, email: s.email, role: s.role })),
    })),
  };
}

export function levelsFromTemplate(t: TemplateView): LevelForm[] {
  return t.approvalLevels.map((l) => ({ group: l.group, signers: l.signers, signatures: l.signatures, deadline: todayPlus(l.dueInDays) }));
}
export const dueInDays = (deadline: string): number => Math.max(0, Math.round((Date.parse(deadline) - Date.parse(today())) / 86_400_000));

/**
 * The request body. The first `lockedLevels` levels (already signed before a rejection) are kept as they
 * are by the server, so their due dates, which may have passed, are not sent.
 */
export function toInput(f: ApprovalForm, status: CertificateInputBody['status'], lockedLevels = 0): CertificateInputBody {
  return {
    approvalNumber: f.approvalNumber.trim(),
    approvalName: f.approvalName.trim(),
    priority: f.priority,
    summary: f.summary,
    approvalDoc: f.approvalDoc,
    supportDocs: f.supportDocs,
    status,
    ...(f.deviationReason?.trim() && { deviationReason: f.deviationReason.trim() }),
    approvalLevels: f.approvalLevels.map((l, i) => ({
      _id: l._id,
      group: l.group.trim(),
      signers: l.signers,
      signatures: Number(l.signatures),
      ...(i < lockedLevels ? {} : { deadline: l.deadline }),
    })),
  };
}

/** Field rules; issue messages are message codes or cert.* keys, translated where shown. */
export const approvalFormSchema = z.object({
  approvalNumber: z
    .string()
    .trim()
    .min(1, 'cert.required')
    .max(50, 'INVALID_CODE')
    .regex(/^[A-Za-z0-9_\-/]+$/, 'INVALID_CODE'),
  approvalName: z.string().trim().min(1, 'cert.required').max(200, 'cert.tooLong'),
  priority: z.enum(PRIORITIES),
  summary: z.string().max(2000, 'cert.tooLong'),
  approvalDoc: z.any(),
  supportDocs: z.array(z.any()),
  deviationReason: z.string().max(1000, 'cert.tooLong').optional(),
  approvalLevels: z
    .array(
      z.object({
        _id: z.string().optional(),
        group: z.string().trim().min(1, 'cert.required').max(100, 'cert.tooLong'),
        signers: z.array(z.any()),
        signatures: z.number().int().min(MIN_SIGNATURES, 'INVALID_SIGNATURE_COUNT').max(MAX_SIGNATURES, 'INVALID_SIGNATURE_COUNT'),
        deadline: z.string().refine(isDateText, 'INVALID_DATE'),
      }),
    )
    .min(1, 'LEVELS_REQUIRED'),
});

/** Submit needs what Save does not: signers enough for each level and a primary document. */
export function submitProblems(f: ApprovalForm): string[] {
  const out: string[] = [];
  if (!f.approvalDoc) out.push('cert.needPrimary');
  for (const l of f.approvalLevels) {
    if (l.signers.length === 0 || l.signers.length < Number(l.signatures)) out.push('SIGNATURES_EXCEED_SIGNERS');
  }
  return [...new Set(out)];
}

/** The draft is kept in session storage on every edit (docs/spec/approvals.md §4) so a reload keeps the work. */
const draftKey = (id: string | null) => `approval-draft:${id ?? 'new'}`;
export function loadDraft(id: string | null): ApprovalForm | null {
  try {
    const s = sessionStorage.getItem(draftKey(id));
    return s ? (JSON.parse(s) as ApprovalForm) : null;
  } catch {
    return null;
  }
}
export function saveDraft(id: string | null, f: ApprovalForm): void {
  try {
    sessionStorage.setItem(draftKey(id), JSON.stringify(f));
  } catch {
    /* storage full or disabled: the draft is only a convenience */
  }
}
export function clearDraft(id: string | null): void {
  try {
    sessionStorage.removeItem(draftKey(id));
  } catch {
    /* ignore */
  }
}
