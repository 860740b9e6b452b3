import { createCertificate } from './build';
import { transition } from './machine';
import type { CertificateCommand, CertificateState, Signer } from './types';
import type { DigitalSignatureView, PasskeySignatureView } from './views';
import { toCertificateView } from './certificate-view';

const T = '2026-03-01T00:00:00.000Z';
const person = (id: string): Signer => ({ id, name: `Name ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
const actor = (id: string) => ({ id, name: `Name ${id}`, isAdmin: id === 'sub' });

/** A command without its time (distributes over the union). */
type Cmd = CertificateCommand extends infer C ? (C extends CertificateCommand ? Omit<C, 'at'> : never) : never;

function run(s: CertificateState, ...cmds: Cmd[]): CertificateState {
  for (const c of cmds) s = transition(s, { at: T, ...c } as CertificateCommand).state;
  return s;
}

describe('certificate view: signatures and the content they were made over', () => {
  it('shows each signature with its content hash, and voided signatures as voided', () => {
    const start = createCertificate({
      id: '00000000-0000-4000-8000-000000000001',
      approvalNumber: 'N-1',
      approvalName: 'Barley lot 7',
      companyId: 'co1',
      submitter: { id: 'sub', name: 'Sam', email: 'sub@grain.test' },
      levels: [
        { group: 'One', signers: [person('a1')], signatures: 1, deadline: '2026-03-10T00:00:00.000Z' },
        { group: 'Two', signers: [person('b1')], signatures: 1, deadline: '2026-03-20T00:00:00.000Z' },
        { group: 'Three', signers: [person('c1')], signatures: 1, deadline: '2026-03-30T00:00:00.000Z' },
      ],
      escalateTo: [],
    });
    const signedOnce = run(start, { type: 'submit', actor: actor('sub') }, { type: 'sign', actor: actor('a1') });
    const firstHash = signedOnce.contentHash;
    const shown = toCertificateView(signedOnce);
    expect(shown.approvalLevels[0].signedEntries[0]).toMatchObject({ userId: 'a1', contentHash: firstHash });

    const changed = run(
      signedOnce,
      { type: 'sign', actor: actor('b1') },
      { type: 'reject', actor: actor('c1'), toLevel: 2, reason: 'wrong lot' },
      { type: 'resubmit', actor: actor('sub'), changes: { approvalName: 'Barley lot 8' } },
    );
    expect(changed.contentHash).not.toBe(firstHash);
    const view = toCertificateView(changed);
    const l1 = view.approvalLevels[0];
    expect(l1.signedEntries).toEqual([]);
    expect(l1.voided).toEqual([expect.objectContaining({ userId: 'a1', contentHash: firstHash, voidedFor: changed.contentHash })]);
    expect(view.audit.some((a) => a.action === 'signatureVoided' && a.actorId === 'a1')).toBe(true);
  });
});

describe('certificate view: every part of the state as the answer shows it', () => {
  const digital = (userId: string): DigitalSignatureView => ({
    keyId: `key-${userId}`,
    algorithm: 'ECDSA-P256-SHA256',
    value: 'c2ln',
    signedText: 'hash',
    certificate: null,
    caCertificate: null,
  });
  const passkey = (userId: string): PasskeySignatureView => ({
    keyId: `pk-${userId}`,
    credentialId: null,
    algorithm: 'ES256',
    statement: '{}',
    authenticatorData: 'YQ==',
    clientDataJSON: 'Yg==',
    signature: 'Yw==',
    publicKey: null,
  });

  it('documents as the certificate holds them, each signature with its statements, the audit with names', () => {
    const start = createCertificate({
      id: '00000000-0000-4000-8000-000000000002',
      approvalNumber: 'N-2',
      approvalName: 'Rice lot 3',
      companyId: 'co1',
      submitter: { id: 'sub', name: 'Sam Van Tran', email: 'sub@grain.test' },
      approvalDoc: { id: 'farm1', name: 'Farm record', docType: 'farm', photo: { sha256: 'ab12', mime: 'image/jpeg' } },
      supportDocs: [
        { id: 'd1', name: 'Lab report', version: 2, sha256: 'cd34', uploadedBy: 'sub', uploadedAt: T },
        { id: 'd2', name: 'Invoice', version: 1 },
        { id: 'd3', name: 'Note without a version' },
      ],
      levels: [
        { group: 'One', signers: [person('a1'), person('a2')], signatures: 2, deadline: '2026-03-10T00:00:00.000Z' },
        { group: 'Two', signers: [person('b1')], signatures: 1, deadline: '2026-03-20T00:00:00.000Z' },
        { group: 'Three', signers: [person('c1')], signatures: 1, deadline: '2026-03-30T00:00:00.000Z' },
      ],
      escalateTo: [],
    });
    const s = run(
      start,
      { type: 'submit', actor: actor('sub') },
      { type: 'sign', actor: actor('a1'), note: 'looks right' },
      { type: 'sign', actor: actor('a2') },
      { type: 'sign', actor: actor('b1') },
      { type: 'reject', actor: actor('c1'), toLevel: 2, reason: 'moisture' },
      { type: 'resubmit', actor: actor('sub'), changes: { approvalName: 'Rice lot 4' } },
      { type: 'sign', actor: actor('a2'), note: 'again' },
    );
    const view = toCertificateView(s, {
      names: new Map([['sub', 'Sam Van Tran']]),
      heldTypes: new Map([
        ['d1@2', 'application/pdf'],
        ['d2@9', 'image/png'],
      ]),
      digital: (e) => (e.userId === 'a1' ? digital(e.userId) : undefined),
      passkey: (e) => (e.userId !== 'a1' ? passkey(e.userId) : undefined),
    });

    expect(view).toMatchObject({ _id: s.id, stage: s.levels[0].id, stageLevel: 1, status: s.status, company: 'co1', version: s.version });
    expect(view.submitter).toEqual({ _id: 'sub', firstname: 'Sam', lastname: 'Van Tran', fullName: 'Sam Van Tran' });
    expect(view.approvalDoc).toEqual({
      _id: 'farm1',
      docName: 'Farm record',
      docType: 'farm',
      description: undefined,
      farm: undefined,
      standardCheck: undefined,
      photo: { sha256: 'ab12', mime: 'image/jpeg', url: `company/approval/${s.id}/photo` },
    });
    expect(view.supportDocs.map((d) => [d._id, d.url, d.version, d.sha256, d.mime, 'mime' in d])).toEqual([
      ['d1', `company/approval/${s.id}/document/d1`, 2, 'cd34', 'application/pdf', true],
      ['d2', `company/approval/${s.id}/document/d2`, 1, undefined, undefined, false],
      ['d3', `company/approval/${s.id}/document/d3`, undefined, undefined, undefined, false],
    ]);
    expect(view.supportDocs[0]).toMatchObject({ uploadUser: 'sub', uploadDate: T });

    const [one, two, three] = view.approvalLevels;
    expect(one.signers[0]).toEqual({ _id: 'a1', fullName: 'Name a1', email: 'a1@grain.test', role: 'Inspector', delegatedBy: undefined });
    expect(one.signed).toEqual(['a2']);
    expect(one.signedEntries).toEqual([
      {
        userId: 'a2',
        name: 'Name a2',
        at: T,
        note: 'again',
        onBehalfOf: undefined,
        txId: undefined,
        contentHash: s.contentHash,
        passkeySignature: passkey('a2'),
      },
    ]);
    const [voidedA1, voidedA2] = one.voided!;
    expect(voidedA1).toEqual({
      userId: 'a1',
      name: 'Name a1',
      at: T,
      onBehalfOf: undefined,
      txId: undefined,
      contentHash: voidedA1.contentHash,
      digitalSignature: digital('a1'),
      voidedAt: T,
      voidedFor: s.contentHash,
    });
    expect(voidedA1.contentHash).not.toBe(s.contentHash);
    expect(voidedA2).toMatchObject({ userId: 'a2', passkeySignature: passkey('a2') });
    expect(voidedA2).not.toHaveProperty('digitalSignature');
    expect(two).not.toHaveProperty('voided');
    expect(two.signedEntries).toEqual([]);
    expect(three).not.toHaveProperty('voided');
    expect(three).toMatchObject({ level: 3, group: 'Three', signatures: 1, status: s.levels[2].status, comments: ['Name c1: moisture'], overdue: false });

    expect(view.audit.find((a) => a.actorId === 'sub')?.actorName).toBe('Sam Van Tran');
    expect(view.audit.find((a) => a.actorId === 'a1')?.actorName).toBeUndefined();
    expect(view).not.toHaveProperty('progress');
    expect(view).not.toHaveProperty('can');
    const asViewer = toCertificateView(s, { opened: [], viewer: { id: 'sub', companyId: 'co1', role: 'user', permissions: [] } });
    expect(asViewer.progress).toHaveLength(3);
    expect(asViewer.can).toMatchObject({ sign: false });
  });
});
