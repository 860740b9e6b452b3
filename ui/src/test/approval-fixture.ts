import { adminUser } from './fake-api';

type Can = {
  edit: boolean;
  sign: boolean;
  reject: boolean;
  delegate: boolean;
  delete: boolean;
  getCert: boolean;
  pdfPending: boolean;
  signaturePassword: boolean;
};
const nothing: Can = { edit: false, sign: false, reject: false, delegate: false, delete: false, getCert: false, pdfPending: false, signaturePassword: false };

/**
 * The API's answer for a one-level certificate 'cert-1' whose one signer is the signed-in admin: at level 1
 * ('signing') or signed by them ('done'), with what the answer lets the caller do.
 */
export function oneLevelApproval(status: 'signing' | 'done', can: Partial<Can> = {}) {
  const signed = status === 'done';
  return {
    _id: 'cert-1',
    approvalNumber: 'N-1',
    approvalName: 'Wheat lot 7',
    status,
    displayStatus: status,
    stageLevel: 1,
    priority: 'Medium',
    summary: '',
    startDate: '2026-11-20T00:00:00Z',
    deadline: '2026-11-30T00:00:00Z',
    submitter: { _id: 'u-sub', fullName: 'Sam Submitter', email: 'sam@farm.example' },
    approvalDoc: null,
    supportDocs: [],
    contentHash: 'a'.repeat(64),
    audit: [],
    approvalLevels: [
      {
        _id: 'cert-1-L1',
        level: 1,
        group: 'Farm Data Signing',
        signatures: 1,
        deadline: '2026-11-30T00:00:00Z',
        status,
        comments: [],
        overdue: false,
        signers: [{ _id: adminUser.id, fullName: 'Ada Admin', email: adminUser.email, role: 'admin' }],
        signed: signed ? [adminUser.id] : [],
        signedEntries: signed ? [{ userId: adminUser.id, name: 'Ada Admin', at: '2026-11-21T00:00:00Z' }] : [],
        voided: [],
      },
    ],
    can: { ...nothing, ...can },
  };
}
