import { daysFromNow, useCertHarness } from './certificates.test-harness';
import { hashPassword } from '@grain/persistence';
import { loginAs, TEST_PASSWORD, type Agent } from '../testing/session';

/**
 * Work in flight through the API, the real workflow and real SMTP: a manager reminds and escalates by
 * hand (once an hour), moves a level's due time and replaces its signer without a rejection (the new
 * signer is asked and signs), and a withdrawal tells the signers why. Nobody else may do any of it.
 */
const h = useCertHarness();

const users = () => h.acme.users;
const day = daysFromNow;

async function submitted(manager: Agent, number: string) {
  const body = {
    approvalNumber: number,
    approvalName: 'Barley lot 9',
    approvalDoc: { _id: await h.farmRecord(h.acme) },
    supportDocs: [],
    approvalLevels: [
      { group: 'Farm Data Signing', signers: [users().signer.id], signatures: 1, deadline: day(3) },
      { group: 'Inspection Signing', signers: [users().signer2.id], signatures: 1, deadline: day(5) },
    ],
    status: 'signing',
  };
  return (await manager.post('/api/company/approval/create').send(body).expect(201)).body.approval;
}

/** Mail to `to` whose subject matches, waiting briefly for it. */
async function mailTo(to: string, subject: RegExp) {
  for (let i = 0; i < 100; i++) {
    const hit = (await h.t.mailbox.list({ to, limit: 50 })).find((m) => subject.test(m.subject ?? ''));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

describe('work in flight', () => {
  it('reminds the pending signers now, once an hour; escalates to the managers; refuses signers and strangers', async () => {
    const manager = await h.as('manager');
    const a = await submitted(manager, `REMIND-${Date.now()}`);
    expect(a.can).toMatchObject({ manage: true, adjust: true });
    const after = await manager.post(`/api/company/approval/${a._id}/remind`).send({ to: 'signers' }).expect(200);
    expect(after.body.approval.audit.at(-1)).toMatchObject({ action: 'remind', to: 'signers', level: 1 });
    const mail = await mailTo(users().signer.email, new RegExp(`Reminder: certificate ${a.approvalNumber}`));
    expect(mail.text).toContain(`/views/approval/detail?id=${a._id}&sign=1`);
    // counted on the overdue dashboard like a timer's reminder
    const row = (await manager.get('/api/company/approvals/overdue?dueWithinHours=200').expect(200)).body.rows.find((r: { _id: string }) => r._id === a._id);
    expect(row.remindersSent).toBe(1);
    // a second one within the hour is refused, in the caller's language
    const again = await manager.post(`/api/company/approval/${a._id}/remind`).set('x-lang', 'vn').send({}).expect(429);
    expect(again.body).toMatchObject({ code: 'REMINDED_RECENTLY', invalidMsg: expect.stringContaining('chưa đến một giờ') });
    // an admin escalates: the submitter (and the other managers) are told, not the admin
    await (await h.as('admin')).post(`/api/company/approval/${a._id}/remind`).send({ to: 'escalation' }).expect(200);
    // the mail says who escalated it (not the automatic overdue notice)
    await mailTo(users().manager.email, new RegExp(`escalated certificate ${a.approvalNumber} to you \\(level 1\\)`));
    // a signer may not (no edit permission), another company does not see it, bad input is a 400
    await (await h.as('signer')).post(`/api/company/approval/${a._id}/remind`).send({}).expect(403);
    await (await h.as('admin', h.other)).post(`/api/company/approval/${a._id}/remind`).send({}).expect(404);
    await manager.post(`/api/company/approval/${a._id}/remind`).send({ to: 'everyone' }).expect(400);
  });

  it('moves the due time and replaces the signer of the current level without a rejection; the new signer signs', async () => {
    const manager = await h.as('manager');
    const a = await submitted(manager, `ADJUST-${Date.now()}`);
    const l1 = a.approvalLevels[0];
    const res = await manager
      .post(`/api/company/approvallevel/${l1._id}/update`)
      .send({ deadline: day(9), signers: [users().signer3.id] })
      .expect(200);
    const s = res.body.approval;
    expect(s.status).toBe('signing');
    expect(s.contentHash).toBe(a.contentHash);
    expect(s.approvalLevels[0].signers.map((x: { _id: string }) => x._id)).toEqual([users().signer3.id]);
    expect(s.approvalLevels[0].deadline.slice(0, 10)).toBe(day(9));
    expect(s.audit.at(-1)).toMatchObject({ action: 'adjustLevel', level: 1, added: [expect.any(String)], removed: [expect.any(String)] });
    await mailTo(users().signer3.email, new RegExp(`Certificate ${a.approvalNumber} awaits your signature`));
    // the group or the required count is content: not changed in flight
    await manager.post(`/api/company/approvallevel/${l1._id}/update`).send({ signatures: 2 }).expect(400);
    // a due time in the past is refused
    const past = await manager.post(`/api/company/approvallevel/${l1._id}/update`).send({ deadline: '2020-01-01' }).expect(400);
    expect(past.body.code).toBe('DATE_IN_PAST');
    // the signer taken off cannot sign any more; the new one can
    const removed = await (await h.as('signer')).post(`/api/company/approvallevel/${l1._id}/code`).send({});
    expect(removed.status).toBe(400);
    const signer3 = await h.as('signer3');
    const step = async (level: number, id: string) =>
      (await manager.get(`/api/company/approval/${a._id}`).expect(200)).body.approval.progress[level - 1].signers.find((x: { _id: string }) => x._id === id);
    expect(await step(1, users().signer3.id)).toMatchObject({ step: 'notified', notifiedAt: expect.any(String) });
    // reading it records nothing; the new signer's page says it is open: the manager sees it was opened
    await signer3.get(`/api/company/approval/${a._id}`).expect(200);
    expect(await step(1, users().signer3.id)).toMatchObject({ step: 'notified' });
    await signer3.post(`/api/company/approval/${a._id}/opened`).send({}).expect(200);
    expect(await step(1, users().signer3.id)).toMatchObject({ step: 'viewed', viewedAt: expect.any(String) });
    // (a manager or a later level's signer opening it is not a signer's opening)
    await (await h.as('signer2')).post(`/api/company/approval/${a._id}/opened`).send({}).expect(200);
    expect(await step(2, users().signer2.id)).toEqual({ _id: users().signer2.id, fullName: expect.any(String), step: 'waiting' });
    const otp = await h.requestOtp(signer3, l1._id, users().signer3.email);
    const signed = await signer3.post(`/api/company/approvallevel/${l1._id}/sign`).send({ approval: a._id, otp }).expect(200);
    expect(signed.body.approval.stageLevel).toBe(2);
    expect(await step(1, users().signer3.id)).toMatchObject({ step: 'signed', signedAt: expect.any(String) });
    expect(await step(2, users().signer2.id)).toMatchObject({ step: 'notified' });
    // a signer of the certificate may not change it
    await (
      await h.as('signer2')
    )
      .post(`/api/company/approvallevel/${a.approvalLevels[1]._id}/update`)
      .send({ deadline: day(10) })
      .expect(403);
  });

  it("gives managers and admins their team's overdue in their inbox, with whom each waits for", async () => {
    const manager = await h.as('manager');
    const a = await submitted(manager, `TEAM-LATE-${Date.now()}`);
    const fresh = await submitted(manager, `TEAM-ONTIME-${Date.now()}`);
    // the read model has it overdue, as the workflow's timer would mark it
    const stored = (await h.t.deps.stores.certificates.get(h.acme.companyId, a._id))!;
    await h.t.deps.stores.certificates.upsert({
      ...stored.state,
      version: stored.state.version + 1,
      overdue: true,
      levels: stored.state.levels.map((l, i) => (i === 0 ? { ...l, overdue: true } : l)),
    });
    for (const role of ['manager', 'admin']) {
      const inbox = (await (await h.as(role)).get('/api/company/approvals/inbox').expect(200)).body;
      const ids = inbox.teamOverdue.map((x: { _id: string }) => x._id);
      expect([role, ids]).toEqual([role, expect.arrayContaining([a._id])]);
      expect(ids).not.toContain(fresh._id);
      expect(inbox.teamOverdue.find((x: { _id: string }) => x._id === a._id)).toMatchObject({ overdue: true, level: 1, waitingOn: [expect.any(String)] });
      expect(inbox.teamOverdueCount).toBe(inbox.teamOverdue.length);
    }
    // a signer has no team section; another company's manager never sees it
    expect((await (await h.as('signer')).get('/api/company/approvals/inbox').expect(200)).body.teamOverdue).toBeUndefined();
    const foreign = (await (await h.as('admin', h.other)).get('/api/company/approvals/inbox').expect(200)).body;
    expect(foreign.teamOverdue.map((x: { _id: string }) => x._id)).not.toContain(a._id);
  });

  it('withdraws with a reason: whoever signed or is asked is told why, and the audit keeps it', async () => {
    const manager = await h.as('manager');
    const a = await submitted(manager, `WITHDRAW-${Date.now()}`);
    await manager.post(`/api/company/approval/${a._id}/delete`).send({ reason: 'Lot sold to another buyer' }).expect(200);
    const mail = await mailTo(users().signer.email, new RegExp(`Certificate ${a.approvalNumber} was withdrawn`));
    expect(mail.text).toContain('Lot sold to another buyer');
    const after = (await manager.get(`/api/company/approval/${a._id}`).expect(200)).body.approval;
    expect(after.status).toBe('cancelled');
    expect(after.audit.at(-1)).toMatchObject({ action: 'cancel', reason: 'Lot sold to another buyer' });
  });

  it('the power over work in flight is the manageApproval permission, not a group called "manager"', async () => {
    // Other Farms has no manager group. Its operator holds editSystem (and may edit certificates) but not manageApproval.
    const stores = h.t.deps.stores;
    const company = h.other.companyId;
    const ops = await stores.groups.create(company, {
      groupName: 'operations',
      status: 'active',
      roles: ['viewSystem', 'editSystem', 'viewInfo', 'editInfo', 'viewApproval', 'editApproval', 'signApproval'],
    });
    const email = `ops-${Date.now()}@other.test`;
    const attacker = await stores.users.create({
      email,
      passwordHash: await hashPassword(TEST_PASSWORD),
      firstname: 'Otto',
      lastname: 'Ops',
      role: 'operations',
      companyId: company,
    });
    const otherAdmin = await h.as('admin', h.other);
    const a = (
      await otherAdmin
        .post('/api/company/approval/create')
        .send({
          approvalNumber: `ATTACK-${Date.now()}`,
          approvalName: 'Barley lot 10',
          approvalDoc: { _id: await h.farmRecord(h.other) },
          supportDocs: [],
          approvalLevels: [{ group: 'Farm Data Signing', signers: [h.other.users.signer.id], signatures: 1, deadline: day(3) }],
          status: 'signing',
        })
        .expect(201)
    ).body.approval;
    const agent = await loginAs(h.t.app, email, TEST_PASSWORD);
    // the attack: rename the own group "manager", then re-route the level to oneself
    await agent
      .post(`/api/company/group/${ops.id}/update`)
      .send({
        groupName: 'manager',
        status: 'active',
        roles: ['viewSystem', 'editSystem', 'viewInfo', 'editInfo', 'viewApproval', 'editApproval', 'signApproval'],
      })
      .expect(200);
    const again = await loginAs(h.t.app, email, TEST_PASSWORD);
    expect((await again.get(`/api/company/approval/${a._id}`).expect(200)).body.approval.can).toMatchObject({ manage: false, adjust: false });
    await again
      .post(`/api/company/approvallevel/${a.approvalLevels[0]._id}/update`)
      .send({ signers: [attacker.id] })
      .expect(403);
    await again.post(`/api/company/approval/${a._id}/remind`).send({ to: 'signers' }).expect(403);
    // nor may they grant the permission they do not hold
    await again
      .post(`/api/company/group/${ops.id}/update`)
      .send({ groupName: 'manager', status: 'active', roles: ['viewSystem', 'editSystem', 'viewApproval', 'editApproval', 'manageApproval'] })
      .expect(403);
    const unchanged = (await stores.groups.byId(company, ops.id))!;
    expect(unchanged.roles).not.toContain('manageApproval');
    // the company's admin grants it: now the group may re-route, but only to people who may sign
    await otherAdmin
      .post(`/api/company/group/${ops.id}/update`)
      .send({ groupName: 'manager', status: 'active', roles: [...unchanged.roles, 'manageApproval'] })
      .expect(200);
    const granted = await loginAs(h.t.app, email, TEST_PASSWORD);
    const viewer = await stores.users.create({
      email: `viewer-${Date.now()}@other.test`,
      passwordHash: await hashPassword(TEST_PASSWORD),
      firstname: 'Vera',
      lastname: 'Viewer',
      role: 'viewers',
      companyId: company,
    });
    await stores.groups.create(company, { groupName: 'viewers', status: 'active', roles: ['viewInfo', 'viewApproval'] });
    const refused = await granted
      .post(`/api/company/approvallevel/${a.approvalLevels[0]._id}/update`)
      .send({ signers: [viewer.id] })
      .expect(400);
    expect(refused.body.code).toBe('SIGNER_MAY_NOT_SIGN');
    const moved = await granted
      .post(`/api/company/approvallevel/${a.approvalLevels[0]._id}/update`)
      .send({ signers: [attacker.id] })
      .expect(200);
    expect(moved.body.approval.approvalLevels[0].signers.map((x: { _id: string }) => x._id)).toEqual([attacker.id]);
    // a delegate must hold it too
    const signer = await h.as('signer', h.other);
    const b = (
      await otherAdmin
        .post('/api/company/approval/create')
        .send({
          approvalNumber: `DELEGATE-${Date.now()}`,
          approvalName: 'Barley lot 11',
          approvalDoc: { _id: await h.farmRecord(h.other) },
          supportDocs: [],
          approvalLevels: [{ group: 'Farm Data Signing', signers: [h.other.users.signer.id], signatures: 1, deadline: day(3) }],
          status: 'signing',
        })
        .expect(201)
    ).body.approval;
    const delegated = await signer.post(`/api/company/approval/${b._id}/delegate`).send({ to: [viewer.id] });
    expect(delegated.body.code).toBe('SIGNER_MAY_NOT_SIGN');
  });
});
