import { useCertHarness, daysFromNow } from './certificates.test-harness';

/**
 * Statements a signature costs (issue 29: ~277 a certificate of six signs, the floor's ~40). Counted on
 * the database handle the API and the worker share, through the real app, worker and database: the code
 * request and the sign call, each by kind. A ceiling that rises fails here before it shows in the bench.
 */
const h = useCertHarness({}, 240_000);

/** The statements sent while `f` ran. */
async function statementsOf(f: () => Promise<unknown>): Promise<string[]> {
  const sql: string[] = [];
  const count = (q: { sql: string }) => void sql.push(q.sql);
  h.t.db.knex.on('query', count);
  try {
    await f();
  } finally {
    h.t.db.knex.removeListener('query', count);
  }
  return sql;
}

/** Statements naming the table (quoted by knex's builder, bare in raw SQL). */
const touching = (sql: string[], table: string) => sql.filter((s) => s.includes(`"${table}"`) || new RegExp(`\\b${table}\\b`).test(s));
/** Statements reading the table, not writing it (the read model's write is a statement of its own). */
const reads = (sql: string[], table: string) =>
  touching(sql, table).filter((s) => /^(select|with)\b/i.test(s.trim()) && !new RegExp(`(insert into|update|delete from) "?${table}"?\\s`, 'i').test(s));

it('a code request reads its certificate once and issues its code in one statement; a sign reads each fact once, its answer in one statement', async () => {
  const manager = await h.as('manager');
  const u = h.acme.users;
  const created = await manager
    .post('/api/company/approval/create')
    .send({
      approvalNumber: `ST-${Date.now()}`,
      approvalName: 'Wheat lot 29',
      priority: 'High',
      approvalDoc: { _id: await h.farmRecord(h.acme) },
      supportDocs: [],
      approvalLevels: [{ group: 'Farm Data Signing', signers: [u.signer.id, u.signer2.id], signatures: 2, deadline: daysFromNow(3) }],
      status: 'signing',
    })
    .expect(201);
  const levelId = created.body.approval.approvalLevels[0]._id as string;
  const signer = await h.as('signer');

  let code = '';
  const request = await statementsOf(async () => {
    code = await h.requestOtp(signer, levelId, u.signer.email);
  });
  expect(reads(request, 'certificates')).toHaveLength(1);
  expect(touching(request, 'certificate_otps')).toHaveLength(1);

  let answer: { approval: { audit: Array<{ actorName?: string }> } } | undefined;
  const sign = await statementsOf(async () => {
    const res = await signer.post(`/api/company/approvallevel/${levelId}/sign`).send({ otp: code }).expect(200);
    answer = res.body;
  });
  // the answer is the signed certificate, its audit named as the certificate's own read names it
  const shown = await signer.get(`/api/company/approval/${created.body.approval._id}`).expect(200);
  expect(answer!.approval.audit).toEqual(shown.body.approval.audit);
  expect(answer!.approval.audit.map((a) => a.actorName)).toEqual(expect.arrayContaining(['Manager Acme Grain', 'Signer Acme Grain']));
  // verify (API) and redeem (the worker's commit): one statement each
  expect(touching(sign, 'certificate_otps')).toHaveLength(2);
  // the certificate before the Update; after it, the answer's one statement
  expect(reads(sign, 'certificates')).toHaveLength(2);
  // whether the signer has a personal signature comes with the certificate's read: no statement of its own
  expect(sign.filter((q) => /from "?signatures"?\s/.test(q) && !reads(sign, 'certificates').includes(q))).toEqual([]);
  // the answer's facts (names, passkey, who opened) come in the statement that reads the certificate after the Update
  // (the session's own read, when the session cache reads it, is the auth layer's, not the answer's)
  const answering = sign.filter((s) => !touching([s], 'sessions').length);
  const facts = [...new Set([...reads(answering, 'users'), ...reads(answering, 'passkeys'), ...reads(answering, 'certificate_views')])];
  expect(facts).toHaveLength(1);
  expect(reads(sign, 'certificates')).toContain(facts[0]);
});
