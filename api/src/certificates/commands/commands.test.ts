import { certificateWorkflowId, isAppError, PERMISSIONS, type CertificateInput, type Permission } from '@grain/domain';
import { daysFromNow, useCertHarness } from '../certificates.test-harness';
import { createCtx } from '../certificate-context';
import type { SeededCompany } from '../../testing/session';
import type { Caller, CertificateCommandDeps } from './command-deps';
import { cancelCertificate } from './cancel';
import { editCertificate } from './edit';
import { editLevel } from './edit-level';
import { rejectCertificate } from './reject';
import { requestCode } from './request-code';
import { saveDraft } from './save-draft';
import { signCertificate } from './sign';

/** The certificate use cases called directly, against a real database and a real worker. */
const h = useCertHarness();
let deps: CertificateCommandDeps;
beforeAll(() => {
  // the app's public address the links back from the Temporal UI name
  deps = createCtx({ ...h.t.deps, config: { ...h.t.deps.config, publicUrl: 'https://grain.example' } });
});

const EDITOR: Permission[] = ['viewApproval', 'editApproval'];
const SIGNER: Permission[] = ['viewApproval', 'signApproval'];
function caller(role: string, permissions: Permission[], company: SeededCompany = h.acme): Caller {
  const u = company.users[role];
  const isAdmin = role === 'admin';
  return {
    actor: { id: u.id, name: `${role} user`, isAdmin },
    email: u.email,
    access: { id: u.id, companyId: company.companyId, role, permissions: isAdmin ? [...PERMISSIONS] : permissions },
    companyId: company.companyId,
  };
}
const day = daysFromNow;
async function input(over: Partial<CertificateInput> = {}): Promise<CertificateInput> {
  const u = h.acme.users;
  return {
    approvalNumber: `C${Date.now()}${Math.floor(Math.random() * 1000)}`,
    approvalName: 'Wheat lot 9',
    priority: 'Medium',
    approvalDoc: { _id: await h.farmRecord(h.acme) },
    supportDocs: [],
    status: 'created',
    approvalLevels: [
      { group: 'Farm', signers: [u.signer.id], signatures: 1, deadline: day(3) },
      { group: 'Inspection', signers: [u.signer2.id], signatures: 1, deadline: day(5) },
    ],
    ...over,
  };
}
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return e.code;
    throw e;
  }
  return 'accepted';
}
/** Asks for a signing code through the use case and reads it from the signer's mailbox. */
async function codeFor(who: Caller, levelId: string): Promise<string> {
  const [last] = await h.t.mailbox.list({ limit: 1 });
  await requestCode({ caller: who, levelId }, deps);
  for (let i = 0; i < 100; i++) {
    // not only the newest: a notice sent after the last answer may arrive after the code
    const m = (await h.t.mailbox.list({ to: who.email, limit: 20, afterId: last?.id ?? 0 })).find((x) => /Signing code/.test(x.subject ?? ''));
    const code = m ? /is (\d{6})\./.exec(m.text ?? '')?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no signing code mail');
}

describe('certificate use cases', () => {
  it('changes a draft through the machine: new number and set-up, no version or audit entry for a draft', async () => {
    const manager = caller('manager', EDITOR);
    const draft = await saveDraft({ caller: manager, input: await input() }, deps);
    const edited = await editCertificate(
      { caller: manager, certificateId: draft.id, input: await input({ approvalNumber: `${draft.approvalNumber}b`, approvalName: 'Wheat lot 9b' }) },
      deps,
    );
    expect(edited).toMatchObject({
      id: draft.id,
      status: 'created',
      approvalNumber: `${draft.approvalNumber}b`,
      approvalName: 'Wheat lot 9b',
      version: 0,
      audit: [],
    });
    expect(edited.contentHash).not.toBe(draft.contentHash);
    const level = await editLevel({ caller: manager, levelId: edited.levels[1].id, input: { group: 'Export inspection', signatures: 1 } }, deps);
    expect(level.levels.map((l) => l.group)).toEqual(['Farm', 'Export inspection']);
    expect((await deps.stores.certificates.get(h.acme.companyId, draft.id))?.state).toEqual(level);
  });

  it('answers a stranger NOT_FOUND, refuses a colleague who does not own it, and needs the edit or delete permission to withdraw', async () => {
    const draft = await saveDraft({ caller: caller('manager', EDITOR), input: await input() }, deps);
    const stranger = caller('admin', [], h.other);
    expect(await refusal(editCertificate({ caller: stranger, certificateId: draft.id, input: await input() }, deps))).toBe('NOT_FOUND');
    expect(await refusal(editLevel({ caller: stranger, levelId: draft.levels[0].id, input: {} }, deps))).toBe('NOT_FOUND');
    expect(await refusal(cancelCertificate({ caller: stranger, certificateId: draft.id }, deps))).toBe('NOT_FOUND');
    const colleague = caller('signer3', [...EDITOR, 'deleteApproval']);
    expect(await refusal(editCertificate({ caller: colleague, certificateId: draft.id, input: await input() }, deps))).toBe('ACCESS_DENIED');
    expect(await refusal(cancelCertificate({ caller: colleague, certificateId: draft.id }, deps))).toBe('ACCESS_DENIED');
    expect(await refusal(cancelCertificate({ caller: caller('manager', ['viewApproval']), certificateId: draft.id }, deps))).toBe('ACCESS_DENIED');
    await cancelCertificate({ caller: caller('admin', []), certificateId: draft.id }, deps);
    expect(await deps.stores.certificates.get(h.acme.companyId, draft.id)).toBeNull();
  });

  it('edits a rejected certificate through the workflow, then resubmits it', async () => {
    const manager = caller('manager', EDITOR);
    const submitted = await saveDraft({ caller: manager, input: await input({ status: 'signing' }) }, deps);
    expect(submitted).toMatchObject({ status: 'signing', stage: 1 });
    const signer = caller('signer', SIGNER);
    const [l1, l2] = submitted.levels;
    expect(await refusal(requestCode({ caller: signer, levelId: l2.id }, deps))).toBe('INVALID_LEVEL');
    const { state: signed } = await signCertificate({ caller: signer, certificateId: submitted.id, levelId: l1.id, otp: await codeFor(signer, l1.id) }, deps);
    expect(signed).toMatchObject({ status: 'signing', stage: 2 });
    const rejected = await rejectCertificate({ caller: caller('signer2', SIGNER), certificateId: submitted.id, toLevel: 1, reason: 'Photo missing' }, deps);
    expect(rejected).toMatchObject({ status: 'rejected', stage: 1 });

    const body = await input({ approvalNumber: submitted.approvalNumber, approvalName: 'Wheat lot 9, photo added' });
    const edited = await editCertificate({ caller: manager, certificateId: submitted.id, input: body }, deps);
    expect(edited).toMatchObject({ status: 'rejected', approvalName: 'Wheat lot 9, photo added' });
    const level = await editLevel({ caller: manager, levelId: l2.id, input: { group: 'Export inspection' } }, deps);
    expect(level.levels[1].group).toBe('Export inspection');
    const resubmitted = await editCertificate({ caller: manager, certificateId: submitted.id, input: { ...body, status: 'signing' } }, deps);
    expect(resubmitted).toMatchObject({ status: 'signing', stage: 1 });
    expect(resubmitted.audit.map((a) => a.action)).toEqual(expect.arrayContaining(['edit', 'resubmit']));
    expect(await refusal(editLevel({ caller: manager, levelId: l1.id, input: { group: 'x' } }, deps))).toBe('CERTIFICATE_NOT_EDITABLE');
  });

  it('shows operators in the Temporal UI what the workflow is: number and name, company, submitter, a link back; findable by names', async () => {
    const manager = caller('manager', EDITOR);
    const submitted = await saveDraft({ caller: manager, input: await input({ status: 'signing', approvalName: 'Barley lot 12 for export' }) }, deps);
    const company = (await h.t.deps.stores.companies.byId(h.acme.companyId))!.name;
    const handle = h.t.deps.temporal.workflow.getHandle(certificateWorkflowId(submitted, company));
    expect(submitted.workflowId).toBe(handle.workflowId);
    const d = await handle.describe();
    expect(await d.staticSummary()).toBe(`Certificate ${submitted.approvalNumber}: Barley lot 12 for export`);
    const details = (await d.staticDetails()) ?? '';
    expect(details).toContain(`**Company:** ${company.replace(/([\\`*_{}[\]()#+\-.!|<>])/g, '\\$1')}`);
    expect(details).toContain(`(https://grain.example/views/approval/detail?id=${submitted.id})`);
    expect(d.memo).toMatchObject({ certificateNumber: submitted.approvalNumber, company });
    const found = async (query: string) => {
      for (let i = 0; i < 50; i++) {
        const ids: string[] = [];
        for await (const w of h.t.deps.temporal.workflow.list({ query })) ids.push(w.workflowId);
        if (ids.includes(handle.workflowId)) return true;
        await new Promise((r) => setTimeout(r, 200));
      }
      return false;
    };
    expect(await found(`CompanyName = '${company}' AND CertificateNumber = '${submitted.approvalNumber}'`)).toBe(true);
    expect(await found(`SubmitterName = '${submitted.submitter.name}' AND CertificateNumber = '${submitted.approvalNumber}'`)).toBe(true);
    expect(await found(`CertificateName = 'Barley' AND CertificateNumber = '${submitted.approvalNumber}'`)).toBe(true);
    // the start sets every attribute of the submitted certificate (the run upserts only later changes): status,
    // level, overdue, due time, company and submitter filter from the first moment
    const due = submitted.levels[0].deadline;
    const number = `CertificateNumber = '${submitted.approvalNumber}'`;
    const filters = [
      `CertificateStatus = 'signing' AND CurrentLevel = 1`,
      `Overdue = false`,
      `DueTime BETWEEN '${new Date(Date.parse(due) - 60_000).toISOString()}' AND '${new Date(Date.parse(due) + 60_000).toISOString()}'`,
      `CompanyId = '${submitted.companyId}' AND Submitter = '${submitted.submitter.id}'`,
    ];
    const results: Record<string, boolean> = {};
    for (const f of filters) results[f] = await found(`${f} AND ${number}`);
    expect(results).toEqual(Object.fromEntries(filters.map((f) => [f, true])));
    expect((await handle.describe()).typedSearchAttributes.getAll().map((p) => p.key.name)).toEqual(
      expect.arrayContaining([
        'CertificateName',
        'CertificateNumber',
        'CertificateStatus',
        'CompanyId',
        'CompanyName',
        'CurrentLevel',
        'DueTime',
        'Overdue',
        'Submitter',
        'SubmitterName',
      ]),
    );
  });
});
