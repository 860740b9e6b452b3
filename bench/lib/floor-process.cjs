// The floor's effects process (issue 29, bench/floor.mjs): each effect a certificate truly needs, done
// once by the cheapest correct means, one kind at a time so each is measured alone. The parent sends
// { run: kind, certificates, concurrency } over IPC and reads this process's tree (+ Postgres) CPU
// around it; this process answers { done: kind, wallMs, count } when the kind is done.
//   sql:    one read-model write per step (submit, six signs, the PDF recorded: 8) — a plain
//           INSERT ... ON CONFLICT DO UPDATE of the certificate's state (the domain machine's real
//           states, so the rows are the read model's size) through one pg pool;
//   mail:   the mails the product truly needs (FLOOR_MAILS, 10; see floor.mjs), each the product's text,
//           over pooled SMTP (bench/lib/pooled-mail-sender.cjs) to the bench's loopback SMTP sink;
//   ledger: one append per signature and one for the completion (7) on the embedded ledger
//           (@grain/adapters EmbeddedLedger over the ledger_blocks store, as the worker builds it);
//   pdf:    one render (ChromiumPdfRenderer, warm) + PAdES seal (sealPdf with the embedded TSA) +
//           validation data (in the same step, as generate-pdf.ts) + the file stored, the company's seal and CRL read once.
const { randomUUID } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { Pool } = require('pg');
const { createCertificate, transition, issuedCertificate, certificateMailContext } = require('@grain/domain');
const { loadConfig, buildAdapters, closeAdapters, mailTexts, sealPdf, sealOptionsFor } = require('@grain/adapters');
const { openDb, createStores } = require('@grain/persistence');
const { certificateHtml, qrSvg, verifyUrl } = require('@grain/activities');
const { PooledSmtpMailSender } = require('./pooled-mail-sender.cjs');

const COMPANY = process.env.FLOOR_COMPANY_ID;
const CHAIN = ['a1', 'a2', 'b1', 'b2', 'c1', 'c2'];

/** The 8 states of one certificate (submitted, six signatures, the PDF recorded), by the domain machine. */
function states() {
  const id = randomUUID();
  const at = () => new Date().toISOString();
  const signer = (s) => ({ id: `${id}-${s}`, name: `Signer ${s}`, email: `${s}@floor.bench`, role: 'Inspector' });
  const level = (group, p, n) => ({
    group,
    signers: [1, 2, 3].map((i) => signer(`${p}${i}`)),
    signatures: 2,
    deadline: new Date(Date.now() + (7 + n) * 86_400_000).toISOString(),
  });
  const draft = {
    id,
    approvalNumber: `FLOOR-${id.slice(0, 8)}`,
    approvalName: `Barley lot ${id.slice(0, 8)}`,
    companyId: COMPANY,
    submitter: { id: 'floor-sub', name: 'Floor Submitter', email: 'sub@floor.bench' },
    approvalDoc: {
      id: '00000000-0000-4000-8000-00000000f001',
      name: 'Farm record 1',
      docType: 'certificate',
      farm: { storageLocation: 'Geelong silo 4', protein: 11.2, membershipNumber: 'Member ID 77' },
    },
    levels: [level('Farm Data Signing', 'a', 0), level('Transportation Signing', 'b', 1), level('Inspection Signing', 'c', 2)],
  };
  let s = transition(createCertificate(draft), { type: 'submit', actor: { id: 'floor-sub', name: 'Floor Submitter' }, at: at() }).state;
  const out = [s];
  for (const who of CHAIN) {
    s = transition(s, { type: 'sign', actor: { id: `${id}-${who}`, name: `Signer ${who}` }, at: at() }).state;
    out.push(s);
  }
  out.push({ ...s, version: s.version + 1, pdfKey: `certificates/${id}.pdf` });
  return out;
}

async function pool(n, concurrency, fn) {
  let i = 0;
  const lane = async () => {
    while (i < n) await fn(i++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, lane));
}

async function main() {
  const config = loadConfig(process.env);
  const db = await openDb({ databaseUrl: config.databaseUrl }, { migrate: false });
  const stores = createStores(db.knex);
  const adapters = buildAdapters(config, stores);
  const pg = new Pool({ connectionString: config.databaseUrl, max: 10 });
  await pg.query(
    'create table if not exists floor_read_model (id uuid primary key, company_id uuid not null, status text not null, version int not null, state jsonb not null, updated_at timestamptz not null)',
  );
  const mail = new PooledSmtpMailSender(config.smtpUrl, config.mailFrom);
  const mailsPerCertificate = Number(process.env.FLOOR_MAILS || 10);
  const certs = new Map();
  const stateOf = (i) => {
    if (!certs.has(i)) certs.set(i, states());
    return certs.get(i);
  };
  let sealCache;
  const run = {
    async sql(n, c) {
      // one statement per step, in order per certificate
      await pool(n, c, async (i) => {
        for (const s of stateOf(i))
          await pg.query(
            'insert into floor_read_model (id, company_id, status, version, state, updated_at) values ($1, $2, $3, $4, $5, now()) on conflict (id) do update set status = excluded.status, version = excluded.version, state = excluded.state, updated_at = excluded.updated_at',
            [s.id, s.companyId, s.status, s.version, JSON.stringify(s)],
          );
      });
      return n * stateOf(0).length;
    },
    async mail(n, c) {
      await pool(n, c, async (i) => {
        const ss = stateOf(i);
        const done = ss[ss.length - 1];
        const link = `http://127.0.0.1:3000/app/certificates/${done.id}`;
        // FLOOR_MAILS (10): each level's signers told once it opens, one message to the three (3), the
        // code of each of the six who sign, to each alone (6), the submitter and the other signers told it
        // is issued, one message (1); as the domain's effects name them (notifySigners, notifyCompleted)
        const texts = [];
        for (let l = 1; l <= 3; l++)
          texts.push([done.levels[l - 1].signers.map((x) => x.email), mailTexts.levelStarted({ ...certificateMailContext(done, l), link }, 'reached')]);
        for (let k = 0; k < 6; k++)
          texts.push([
            [done.levels[Math.floor(k / 2)].signers[k % 2].email],
            mailTexts.otp({ ...certificateMailContext(done, 1 + Math.floor(k / 2)), link }, '123456', done.contentHash.slice(0, 12), 10),
          ]);
        texts.push([
          [done.submitter.email, ...done.levels.flatMap((l) => l.signers.slice(0, 2).map((x) => x.email)).slice(0, 5)],
          mailTexts.completed({ ...certificateMailContext(done, 3), link }),
        ]);
        for (const [to, t] of texts.slice(0, mailsPerCertificate)) await mail.send({ to, subject: t.subject, text: t.text, html: t.html });
      });
      return n * Math.min(mailsPerCertificate, 10);
    },
    async ledger(n, c) {
      await pool(n, c, async (i) => {
        const ss = stateOf(i);
        for (let k = 1; k <= 6; k++)
          await adapters.ledger.append({
            key: `floor:${ss[k].id}:sign:${k}`,
            type: 'signature',
            payload: { certificateId: ss[k].id, signer: ss[k].levels.flatMap((l) => l.signed).at(-1), contentHash: ss[k].contentHash },
          });
        await adapters.ledger.append({
          key: `floor:${ss[7].id}:done`,
          type: 'completion',
          payload: { certificateId: ss[7].id, contentHash: ss[7].contentHash },
        });
      });
      return n * 7;
    },
    async pdf(n, c) {
      if (!sealCache) {
        const seal = await stores.signatures.companySeal(
          { id: COMPANY, name: 'Floor Grain Co' },
          config.caKeySecret,
          sealOptionsFor(config.publicUrl, COMPANY, null),
        );
        sealCache = { seal, crl: await stores.signatures.freshCaCrl(COMPANY, config.caKeySecret), tsaPems: await adapters.tsa.certificatePems() };
      }
      const { seal, crl, tsaPems } = sealCache;
      await pool(n, c, async (i) => {
        const held = stateOf(i)[6];
        const url = verifyUrl(config.publicUrl, held.contentHash);
        const rendered = await adapters.pdf.render(certificateHtml(issuedCertificate(held), { url, svg: await qrSvg(url) }));
        // sealed and made B-LT in one step, as generate-pdf.ts does (the CRL in the CMS too)
        const pdf = await sealPdf(
          rendered,
          {
            ...seal,
            chainPems: [seal.caCertificatePem],
            name: 'Floor Grain Co',
            reason: `Grain quality certificate ${held.approvalNumber} issued`,
            contactInfo: url,
            tsa: adapters.tsa,
            crls: [crl],
          },
          { certificatePems: [seal.certificatePem, seal.caCertificatePem, ...tsaPems], crls: [crl] },
        );
        await adapters.storage.put(pdf, { ext: 'pdf', prefix: 'certificates' });
      });
      return n;
    },
  };
  process.on('message', async (m) => {
    if (m === 'stop') {
      mail.close();
      await pg.end();
      await closeAdapters(adapters);
      await db.close();
      process.exit(0);
    }
    if (m.prepare) {
      for (let i = 0; i < m.prepare; i++) stateOf(i);
      process.send({ prepared: m.prepare });
      return;
    }
    try {
      const t0 = performance.now();
      const count = await run[m.run](m.certificates, m.concurrency);
      process.send({ done: m.run, wallMs: performance.now() - t0, count });
    } catch (e) {
      process.send({ error: `${m.run}: ${e.stack ?? e.message}` });
    }
  });
  process.send({ ready: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
