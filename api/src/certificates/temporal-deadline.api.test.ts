import net from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { AppError } from '@grain/domain';
import { signUpdate } from '@grain/workflows';
import { daysFromNow, useCertHarness } from './certificates.test-harness';
import { CertificateWorkflows } from './certificate-workflows';

/**
 * Temporal that does not answer: the certificate's workflow sits on a task queue nobody polls any more
 * (the worker was stopped), or the server cannot be reached at all. Every call must end within its
 * deadline in a 503 that says to retry, never hang.
 */
const UPDATE_MS = 1500;
const CALL_MS = 1000;
/** Time the request needs besides the deadline (session, database reads, the OTP check). */
const SLACK_MS = 2500;

const h = useCertHarness({ TEMPORAL_UPDATE_TIMEOUT_MS: String(UPDATE_MS), TEMPORAL_CALL_TIMEOUT_MS: String(CALL_MS) }, 120_000);

const day = daysFromNow;

async function timed<T>(fn: () => Promise<T>): Promise<{ res: T; ms: number }> {
  const t0 = Date.now();
  const res = await fn();
  return { res, ms: Date.now() - t0 };
}

describe('a worker that does not poll', () => {
  it('answers sign, reject and delegate with 503 APPROVAL_SERVICE_BUSY and Retry-After within the deadline; a code request needs no workflow', async () => {
    // The variables reach the API; the set-up below (start, a first sign, a code request) runs with
    // the shipped deadlines, since a busy machine may take more than a second to start a workflow and
    // that is not what this test judges. The short ones apply to the calls judged after the worker stops.
    const deadlines = h.t.deps.config.temporalDeadlines;
    expect(deadlines).toEqual({ updateMs: UPDATE_MS, callMs: CALL_MS });
    Object.assign(deadlines, { updateMs: 15_000, callMs: 5_000 });
    const users = h.acme.users;
    const manager = await h.as('manager');
    const created = await manager
      .post('/api/company/approval/create')
      .send({
        approvalNumber: `DL-${Date.now()}`,
        approvalName: 'Wheat lot 9',
        priority: 'High',
        approvalDoc: { _id: await h.farmRecord(h.acme) },
        supportDocs: [],
        approvalLevels: [
          { group: 'Farm Data Signing', signers: [users.signer.id], signatures: 1, deadline: day(3) },
          { group: 'Inspection Signing', signers: [users.signer2.id], signatures: 1, deadline: day(5) },
        ],
        status: 'signing',
      })
      .expect(201);
    const a = created.body.approval;
    const [l1, l2] = a.approvalLevels;
    const signer = await h.as('signer');
    const otp1 = await h.requestOtp(signer, l1._id, users.signer.email);
    await signer.post(`/api/company/approvallevel/${l1._id}/sign`).send({ approval: a._id, otp: otp1 }).expect(200);
    const signer2 = await h.as('signer2');
    const otp2 = await h.requestOtp(signer2, l2._id, users.signer2.email);

    await h.stopWorker();
    Object.assign(deadlines, { updateMs: UPDATE_MS, callMs: CALL_MS });

    const calls = {
      sign: () => signer2.post(`/api/company/approvallevel/${l2._id}/sign`).send({ approval: a._id, otp: otp2, note: 'looks fine' }),
      reject: () => signer2.post(`/api/company/approval/${a._id}/reject`).send({ toLevel: 1, reason: 'Moisture photo missing' }),
      delegate: () => signer2.post(`/api/company/approval/${a._id}/delegate`).send({ to: [users.admin.id], note: 'on leave' }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const { res, ms } = await timed(call);
      expect({ name, status: res.status, code: res.body.code }).toEqual({ name, status: 503, code: 'APPROVAL_SERVICE_BUSY' });
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.invalidMsg).toMatch(/busy.*check whether it went through/);
      expect(ms).toBeLessThan(UPDATE_MS + SLACK_MS);
    }
    // the API makes and mails a code itself (the workflow checks it when it is spent)
    const code = await timed(() => signer2.post(`/api/company/approvallevel/${l2._id}/code`).send({}));
    expect(code.res.status).toBe(200);
    expect(code.ms).toBeLessThan(UPDATE_MS + SLACK_MS);
  });
});

describe('a Temporal server that cannot be reached', () => {
  it('answers APPROVAL_SERVICE_BUSY within the deadline for a query and an Update', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const connection = Connection.lazy({ address: `127.0.0.1:${port}` });
    try {
      const workflows = new CertificateWorkflows(new Client({ connection }), 'nobody', { updateMs: UPDATE_MS, callMs: CALL_MS });
      const { res: refused, ms } = await timed(() =>
        workflows.state({ workflowId: 'certificate-nobody-1-000000000000' }).then(
          () => undefined,
          (e: unknown) => e,
        ),
      );
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe('APPROVAL_SERVICE_BUSY');
      expect(ms).toBeLessThan(CALL_MS + SLACK_MS);
      const update = await timed(() =>
        workflows.update({ workflowId: 'certificate-nobody-1-000000000000' }, signUpdate, { actor: { id: 'x' } } as never).then(
          () => undefined,
          (e: unknown) => e,
        ),
      );
      expect((update.res as AppError).code).toBe('APPROVAL_SERVICE_BUSY');
      expect(update.ms).toBeLessThan(UPDATE_MS + SLACK_MS);
    } finally {
      await connection.close();
    }
  });
});
