import {
  DEFAULT_LEVEL_NAMES,
  DEFAULT_PRIORITY,
  defaultDueInDays,
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
import { newLevelName, storedText } from '../../../app/stored-text';

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

/** A new level: "Approval Level N", one signature, due a few days after the level before it. */
export const newLevel = (n: number): LevelForm => ({ group: newLevelName(n), signers: [], signatures: 1, deadline: todayPlus(defaultDueInDays(n)) });

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
    approvalLevels: DEFAULT_LEVEL_NAMES.map((group, i) => ({ group, signers: [], signatures: 1, deadline: todayPlus(defaultDueInDays(i + 1)) })),
  };
}

export function formFromApproval(a: CertificateView): ApprovalForm {
  return {
    approvalNumber: a.approvalNumber,
    approvalName: a.approvalName,
    priority: a.priority,
    summary: storedText(a.summary),
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

/**
 * Field rules; issue messages are message codes or cert.* keys, translated where shown. The first
 * `lockedLevels` levels were signed before a rejection and are kept by the server as they are, so their
 * due dates may have passed; every other due date is today or later.
 */
export function approvalFormSchema(lockedLevels = 0) {
  return z.object({
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
          deadline: z.string().min(1, 'cert.required').refine(isDateText, 'date.invalid'),
        }),
      )
      .min(1, 'LEVELS_REQUIRED')
      .superRefine((levels, ctx) => {
        levels.forEach((l, i) => {
          if (i >= lockedLevels && isDateText(l.deadline) && l.deadline < today()) {
            ctx.addIssue({ code: 'custom', path: [i, 'deadline'], message: 'DATE_IN_PAST' });
          }
        });
      }),
  });
}

/** What is missing or wrong, named for the person filling the form, and the field to take them to. */
export interface MissingField {
  /** A cert.* key naming the field. */
  label: string;
  /** The level the field belongs to (1-based), when it is a level's. */
  level?: number;
  /** The data-testid of the input to focus. */
  testId: string;
  /** What is wrong with a field that is filled in (a message code or cert.* key); none when it is only missing. */
  problem?: string;
}

type Errors = Partial<Record<'approvalNumber' | 'approvalName', unknown>> & {
  approvalLevels?: unknown;
};

/** The fields the form's rules refused (react-hook-form's errors) and, on submit, what submitting needs. */
export function missingFields(f: ApprovalForm, errors: Errors, submitting: boolean): MissingField[] {
  const out: MissingField[] = [];
  const problem = (e: unknown) => {
    const m = (e as { message?: string } | undefined)?.message;
    return m && m !== 'cert.required' ? { problem: m } : {};
  };
  if (errors.approvalNumber) out.push({ label: 'cert.number', testId: 'approval-number', ...problem(errors.approvalNumber) });
  if (errors.approvalName) out.push({ label: 'cert.name', testId: 'approval-name', ...problem(errors.approvalName) });
  if (submitting && !f.approvalDoc) out.push({ label: 'cert.primaryDoc', testId: 'farm-search' });
  const levelErrors = Array.isArray(errors.approvalLevels) ? (errors.approvalLevels as Array<Record<string, unknown> | undefined>) : [];
  f.approvalLevels.forEach((l, i) => {
    const e = levelErrors[i];
    const level = i + 1;
    if (e?.group) out.push({ label: 'cert.levelName', level, testId: `level-name-${level}`, ...problem(e.group) });
    if (e?.deadline) out.push({ label: 'cert.dueDate', level, testId: `level-deadline-${level}`, ...problem(e.deadline) });
    if (submitting && (l.signers.length === 0 || l.signers.length < Number(l.signatures))) {
      out.push({ label: 'cert.approvers', level, testId: `approver-search-${level}` });
    }
  });
  return out;
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
