/** The certificate calls as the UI uses them. The answers' shapes are the domain's (views.ts), which the API builds. */
import type {
  CertificateAnswer,
  CertificateFormInfo,
  CertificateInputBody,
  CertificateListAnswer,
  CertificateView,
  DelegateInput,
  InboxAnswer,
  NudgeTarget,
  OkAnswer,
  OverdueAnswer,
  PublicVerifyAnswer,
  IssuerAnchorAnswer,
  RejectInput,
  SignInput,
  SigningCodeAnswer,
  TemplateAnswer,
  TemplateInputBody,
  TemplateListAnswer,
  UploadCheckAnswer,
} from '@grain/domain';
import { api, download } from '../../api/client';

const enc = encodeURIComponent;
export const certificatesApi = {
  inbox: () => api<InboxAnswer>('company/approvals/inbox'),
  list: (q: { status?: string[]; cursor?: string | null; limit?: number } = {}) => {
    const p = new URLSearchParams();
    if (q.status?.length) p.set('status', q.status.join(','));
    if (q.cursor) p.set('cursor', q.cursor);
    if (q.limit) p.set('limit', String(q.limit));
    const s = p.toString();
    return api<CertificateListAnswer>(`company/approvals${s ? `?${s}` : ''}`);
  },
  createInfo: () => api<CertificateFormInfo>('company/approval/create'),
  create: (body: CertificateInputBody) => api<CertificateAnswer>('company/approval/create', { body }),
  update: (id: string, body: CertificateInputBody) => api<CertificateAnswer>(`company/approval/${enc(id)}/update`, { body }),
  get: (id: string) => api<CertificateAnswer>(`company/approval/${enc(id)}`),
  /** The page shows the certificate to a signer asked to sign: recorded as opened. */
  opened: (id: string) => api<OkAnswer>(`company/approval/${enc(id)}/opened`, { body: {} }),
  getCert: (a: Pick<CertificateView, '_id' | 'approvalNumber'>) => download(`company/approval/${enc(a._id)}?format=pdf`, `certificate-${a.approvalNumber}.pdf`),
  /** The issued certificate as a verifiable credential (a signed JWT file). */
  getCredential: (a: Pick<CertificateView, '_id' | 'approvalNumber'>) =>
    download(`company/approval/${enc(a._id)}/credential`, `certificate-${a.approvalNumber}.vc.jwt`),
  /** The issued certificate as UN/CEFACT SPS e-Cert XML. */
  getXml: (a: Pick<CertificateView, '_id' | 'approvalNumber'>) => download(`company/approval/${enc(a._id)}/xml`, `certificate-${a.approvalNumber}.sps.xml`),
  requestOtp: (levelId: string, approvalId: string) => api<SigningCodeAnswer>(`company/approvallevel/${enc(levelId)}/code`, { body: { approval: approvalId } }),
  sign: (levelId: string, body: SignInput & { approval: string }) => api<CertificateAnswer>(`company/approvallevel/${enc(levelId)}/sign`, { body }),
  reject: (id: string, body: RejectInput) => api<CertificateAnswer>(`company/approval/${enc(id)}/reject`, { body }),
  delegate: (id: string, body: DelegateInput & { to: string[] }) => api<CertificateAnswer>(`company/approval/${enc(id)}/delegate`, { body }),
  /** Deletes a draft, or withdraws a certificate in flight (the reason is mailed to its signers). */
  remove: (id: string, reason?: string) => api<OkAnswer>(`company/approval/${enc(id)}/delete`, { body: { approvalId: id, ...(reason ? { reason } : {}) } }),
  /** Revokes an issued certificate (admin); the ledger records it and the public answers say so. */
  revoke: (id: string, reason: string) => api<CertificateAnswer>(`company/approval/${enc(id)}/revoke`, { body: { reason } }),
  /** A reminder to the pending signers, or an escalation to the managers, sent now. */
  remind: (id: string, to: NudgeTarget) => api<CertificateAnswer>(`company/approval/${enc(id)}/remind`, { body: { to } }),
  /** A level's due date and/or signers (in flight: no rejection). */
  updateLevel: (levelId: string, body: { deadline?: string; signers?: string[] }) =>
    api<CertificateAnswer>(`company/approvallevel/${enc(levelId)}/update`, { body }),
  templates: () => api<TemplateListAnswer>('company/approvaltemplates'),
  template: (id: string) => api<TemplateAnswer>(`company/approvaltemplate/${enc(id)}`),
  saveTemplate: (body: TemplateInputBody) => api<TemplateAnswer>('company/approvaltemplate/create', { body }),
  deleteTemplate: (id: string) => api<OkAnswer>(`company/approvaltemplate/${enc(id)}/delete`, { body: {} }),
  overdue: (q: { dueWithinHours?: number; level?: number } = {}) =>
    api<OverdueAnswer>(`company/approvals/overdue?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`),
  /** An issued certificate by its content hash (the QR link), or by number with the verification code printed on it. */
  verify: (q: { number?: string; hash?: string; code?: string }) =>
    api<PublicVerifyAnswer>(`public/verify?${new URLSearchParams(Object.entries(q).filter(([, v]) => v) as [string, string][]).toString()}`),
  /** What the issuer's own domain publishes (did:web) about the CA that sealed the certificate, read now. */
  anchor: (hash: string) => api<IssuerAnchorAnswer>(`public/verify/anchor?hash=${enc(hash)}`),
  /** Checks a certificate PDF or credential file, check by check (seal, issuer, as issued, ledger, signers). */
  checkFile: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<UploadCheckAnswer>('public/verify/check', { form });
  },
};
