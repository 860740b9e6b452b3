import { useCertHarness, daysFromNow } from './certificates.test-harness';

/**
 * What a certificate driven through the API puts in its workflow's history (issue 29: payload in history
 * <= 2 x the ceiling's; the bench drives ours over HTTP with real accounts). The workflow carries what its
 * machine reads: an actor is its id and name (and isAdmin / isManager when they are true, for the checks
 * that read them), never the caller's e-mail; an Update answers the version it wrote, which the caller
 * reads the certificate at (it knows the certificate's id). Real app, worker, dev server and database.
 */
const h = useCertHarness({}, 240_000);

type Json = Record<string, unknown>;
const json = (p: { data?: Uint8Array | null } | undefined): Json => JSON.parse(Buffer.from(p?.data ?? []).toString('utf8')) as Json;

it('the sign Updates carry the actor as id and name, no e-mail; each answers only its version; the start carries no e-mail of its submitter', async () => {
  const manager = await h.as('manager');
  const u = h.acme.users;
  const created = await manager
    .post('/api/company/approval/create')
    .send({
      approvalNumber: `HP-${Date.now()}`,
      approvalName: 'Wheat lot 29',
      priority: 'High',
      approvalDoc: { _id: await h.farmRecord(h.acme) },
      supportDocs: [],
      approvalLevels: [{ group: 'Farm Data Signing', signers: [u.signer.id, u.signer2.id], signatures: 2, deadline: daysFromNow(3) }],
      status: 'signing',
    })
    .expect(201);
  const id = created.body.approval._id as string;
  const levelId = created.body.approval.approvalLevels[0]._id as string;
  for (const role of ['signer', 'signer2']) {
    const agent = await h.as(role);
    const code = await h.requestOtp(agent, levelId, u[role].email);
    await agent.post(`/api/company/approvallevel/${levelId}/sign`).send({ otp: code }).expect(200);
  }
  const stored = await h.t.deps.stores.certificates.get(h.acme.companyId, id);
  const handle = h.t.deps.temporal.workflow.getHandle(stored!.state.workflowId!);
  await handle.result();
  const { events } = await handle.fetchHistory();

  const started = events!.find((e) => e.workflowExecutionStartedEventAttributes)!;
  const input = json(started.workflowExecutionStartedEventAttributes!.input!.payloads![0]);
  expect(input.submittedBy).toEqual({ id: u.manager.id, name: expect.any(String), isManager: true });

  const accepted = events!.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes);
  const signs = accepted.map((e) => e.workflowExecutionUpdateAcceptedEventAttributes!.acceptedRequest!.input!).filter((x) => x.name === 'sign');
  const args = signs.map((x) => json(x.args!.payloads![0]));
  expect(args).toEqual([
    { actor: { id: u.signer.id, name: expect.any(String) }, otpId: expect.any(String) },
    { actor: { id: u.signer2.id, name: expect.any(String) }, otpId: expect.any(String) },
  ]);
  const answers = events!
    .filter((e) => e.workflowExecutionUpdateCompletedEventAttributes)
    .map((e) => json(e.workflowExecutionUpdateCompletedEventAttributes!.outcome!.success!.payloads![0]));
  expect(answers).toEqual([{ version: expect.any(Number) }, { version: expect.any(Number) }]);

  // no account's e-mail in any Update's arguments or answers (the mails' recipients come from the draft's signers)
  const updates = [...signs.map((x) => Buffer.from(x.args!.payloads![0].data!).toString()), ...answers.map((a) => JSON.stringify(a))].join('\n');
  for (const who of Object.values(u)) expect(updates).not.toContain(who.email);
  // bytes: an actor of two fields, a 36-character otpId, a version
  const bytes = (xs: Array<{ payloads?: Array<{ data?: Uint8Array | null }> | null }>) =>
    xs.reduce((n, x) => n + (x.payloads ?? []).reduce((m, p) => m + (p.data?.length ?? 0), 0), 0);
  expect(bytes(signs.map((x) => x.args!)) / signs.length).toBeLessThanOrEqual(130);
});
