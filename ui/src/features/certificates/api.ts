/**
 * The certificate calls of spec 000 §7 as the UI uses them, and the shapes the API answers. The API
 * (api/src/certificates/approval-view.ts) builds exactly these shapes; keep both sides in step.
 */
import type { CertificateStatus, LevelStatus, Priority } from '@grain/domain';
import { api, download } from '../../api/client';

export interface SignerView {
  _id: string;
  fullName: string;
  email: string;
  role: string;
  delegatedBy?: string;
}
export interface SignedView {
  userId: string;
  name: string;
  at: string;
  note?: string;
  onBehalfOf?: string;
  txId?: string;
}
export interface LevelView {
  _id: string;
  level: number;
  group: string;
  signers: SignerView[];
  /** Ids of people who signed (spec 000 §3). */
  signed: string[];
  signedEntries: SignedView[];
  signatures: number;
  deadline: string;
  status: LevelStatus;
  comments: string[];
  overdue: boolean;
}
export interface DocView {
  _id: string;
  docName: string;
  docType?: string;
  description?: string;
  uploadUser?: string;
  uploadDate?: string;
  url?: string;
  farm?: Record<string, unknown>;
}
export interface AuditView {
  at: string;
  actorId: string;
  actorName?: string;
  action: string;
  level?: number;
  detail?: string;
}
export type DisplayStatus = CertificateStatus | 'overdue';
export interface ApprovalView {
  _id: string;
  approvalNumber: string;
  approvalName: string;
  priority: Priority;
  /** Id of the current level. */
  stage: string | null;
  stageLevel: number;
  status: CertificateStatus;
  /** Status as shown: overdue when a deadline passed before done (spec 000 §4). */
  displayStatus: DisplayStatus;
  overdue: boolean;
  company: string;
  summary: string;
  deadline: string;
  startDate?: string;
  completedDate?: string;
  submitter: { _id: string; firstname: string; lastname: string; fullName: string };
  approvalDoc: DocView | null;
  supportDocs: DocView[];
  approvalLevels: LevelView[];
  contentHash?: string;
  chainId?: string;
  version: number;
  audit?: AuditView[];
  /** List cards only: the current level's group and who still has to sign. */
  currentGroup?: string | null;
  assignees?: string[];
  /** What the caller may do now (computed by the server, which also enforces it). */
  can?: { edit: boolean; sign: boolean; reject: boolean; delegate: boolean; delete: boolean; getCert: boolean; signaturePassword: boolean };
}
/** Counts per list toggle (overdue, pending, approved, signing, created). */
export type StatusCounts = Record<string, number>;
export interface ApprovalListAnswer {
  approval_list: ApprovalView[];
  counts: StatusCounts;
  nextCursor: string | null;
}
export interface CompanyPerson {
  _id: string;
  fullName: string;
  email: string;
  role: string;
}

export interface LevelInput {
  _id?: string;
  group: string;
  signers: Array<Pick<SignerView, '_id' | 'fullName' | 'email' | 'role'>>;
  signatures: number;
  deadline: string;
}
export interface ApprovalInput {
  approvalNumber: string;
  approvalName: string;
  priority: Priority;
  summary?: string;
  approvalDoc: DocView | null;
  supportDocs: DocView[];
  approvalLevels: LevelInput[];
  /** created = Save (draft), signing = Submit. */
  status: 'created' | 'signing';
}

export interface TemplateLevelView {
  group: string;
  signers: CompanyPerson[];
  signatures: number;
  dueInDays: number;
}
export interface TemplateView {
  _id: string;
  approvalName: string;
  priority?: Priority;
  approvalLevels: TemplateLevelView[];
  createdBy: string;
  createdOn: string;
}

export interface OverdueRow {
  _id: string;
  approvalNumber: string;
  approvalName: string;
  level: number;
  group: string;
  deadline: string;
  overdue: boolean;
  /** Since when the current level holds the certificate (ISO). */
  since?: string;
  holders: Array<{ _id: string; fullName: string }>;
  remindersSent: number;
}

export interface VerifyAnswer {
  approval: Pick<ApprovalView, 'approvalNumber' | 'approvalName' | 'status' | 'completedDate' | 'contentHash' | 'chainId'> & {
    company: string;
    approvalLevels: Array<Pick<LevelView, 'level' | 'group' | 'status'> & { signed: Array<{ name: string; at: string; txId?: string; onBehalfOf?: string | null }> }>;
    ledger?: { txId: string; blockNumber: number; blockHash: string; timestamp: string } | null;
    pdfSha256?: string | null;
  };
}

const enc = encodeURIComponent;
export const certificatesApi = {
  list: (q: { status?: string[]; cursor?: string | null; limit?: number } = {}) => {
    const p = new URLSearchParams();
    if (q.status?.length) p.set('status', q.status.join(','));
    if (q.cursor) p.set('cursor', q.cursor);
    if (q.limit) p.set('limit', String(q.limit));
    const s = p.toString();
    return api<ApprovalListAnswer>(`company/approvals${s ? `?${s}` : ''}`);
  },
  createInfo: () => api<{ approvalNumber: string; signers: CompanyPerson[] }>('company/approval/create'),
  create: (body: ApprovalInput) => api<{ approval: ApprovalView; approval_list?: ApprovalView[] }>('company/approval/create', { body }),
  update: (id: string, body: ApprovalInput) => api<{ approval: ApprovalView }>(`company/approval/${enc(id)}/update`, { body }),
  get: (id: string) => api<{ approval: ApprovalView }>(`company/approval/${enc(id)}`),
  getCert: (a: Pick<ApprovalView, '_id' | 'approvalNumber'>) => download(`company/approval/${enc(a._id)}?format=pdf`, `certificate-${a.approvalNumber}.pdf`),
  requestOtp: (levelId: string, approvalId: string) =>
    api<{ invalidMsg: string; expiresAt?: string }>(`company/approvalLevel/${enc(levelId)}/sign?approval=${enc(approvalId)}`),
  sign: (levelId: string, body: { approval: string; otp: string; note?: string; signaturePassword?: string }) =>
    api<{ approval: ApprovalView }>(`company/approvallevel/${enc(levelId)}/sign`, { body }),
  reject: (id: string, body: { toLevel: number; reason: string }) => api<{ approval: ApprovalView }>(`company/approval/${enc(id)}/reject`, { body }),
  delegate: (id: string, body: { to: string[]; note?: string }) => api<{ approval: ApprovalView }>(`company/approval/${enc(id)}/delegate`, { body }),
  remove: (id: string) => api<{ ok: boolean }>(`company/approval/${enc(id)}/delete`, { body: { approvalId: id } }),
  templates: () => api<{ templates: TemplateView[] }>('company/approvaltemplates'),
  template: (id: string) => api<{ approvalTemplate: TemplateView }>(`company/approvaltemplate/${enc(id)}`),
  saveTemplate: (body: { approvalName: string; priority?: Priority; approvalLevels: Array<Omit<TemplateLevelView, 'signers'> & { signers: string[] }> }) =>
    api<{ approvalTemplate: TemplateView }>('company/approvaltemplate/create', { body }),
  deleteTemplate: (id: string) => api<{ ok: boolean }>(`company/approvaltemplate/${enc(id)}/delete`, { body: {} }),
  overdue: (q: { dueWithinHours?: number; level?: number } = {}) =>
    api<{ rows: OverdueRow[] }>(`company/approvals/overdue?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`),
  verify: (q: { number?: string; hash?: string }) =>
    api<VerifyAnswer>(`public/verify?${new URLSearchParams(Object.entries(q).filter(([, v]) => v) as [string, string][]).toString()}`),
  /** Checks a PDF against the issued one of the certificate `q` names, or, without `q`, against every issued one. */
  verifyPdf: (file: File, q: { number?: string; hash?: string } = {}) => {
    const form = new FormData();
    form.append('file', file);
    const query = new URLSearchParams(Object.entries(q).filter(([, v]) => v) as [string, string][]).toString();
    return api<{ match: boolean; sha256: string; approvalNumber?: string }>(`public/verify/pdf${query ? `?${query}` : ''}`, { form });
  },
};
