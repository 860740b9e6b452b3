/**
 * The mail outbox's relay on a real database and real SMTP on loopback: woken by the outbox's NOTIFY at
 * the commit that queued a mail (its polling is set far beyond the test), a mail server that is down
 * delays the mail and loses nothing, and a held mail waits for its release.
 */
import { createStores, type Db, type MailOutboxStore, type MailStore } from '@grain/persistence';
import { createTestDb } from '@grain/persistence/testing';
import { SmtpCatcher } from './smtp-catcher';
import { SmtpMailSender } from './mail-sender';
import { MailOutboxRelay } from './mail-outbox-relay';

let db: Db;
let outbox: MailOutboxStore;
let mail: MailStore;
beforeAll(async () => {
  db = await createTestDb();
  const stores = createStores(db.knex);
  outbox = stores.mailOutbox;
  mail = stores.mail;
});
afterAll(() => db.close());

const queued = (key: string, over: { held?: boolean; certificateId?: string } = {}) => ({
  key,
  recipients: ['a1@grain.test', 'a2@grain.test'],
  subject: `Notice ${key}`,
  text: `Text of ${key}`,
  messageId: `<${key}@grain.certificates>`,
  ...over,
});

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('a queued mail is sent at the commit that queued it (NOTIFY), once, to all its recipients; a held one waits for its release', async () => {
  const catcher = new SmtpCatcher(mail);
  const port = await catcher.start(0);
  const sender = new SmtpMailSender(`smtp://127.0.0.1:${port}`, 'Grain <no-reply@grain.test>', true);
  const relay = new MailOutboxRelay(outbox, sender, db.notifications, { pollMs: 600_000 });
  await relay.start();
  try {
    // the first round ran at start; from now on only a notification wakes the relay
    await new Promise((r) => setTimeout(r, 300));
    await createStores(db.knex).transaction(async (tx) => {
      await tx.mailOutbox.enqueue([queued('n1'), queued('h1', { held: true, certificateId: 'cert-h' })]);
    });
    const got = await until(
      () => mail.list({ to: 'a1@grain.test' }),
      (ms) => ms.some((m) => m.subject === 'Notice n1'),
    );
    expect(got.find((m) => m.subject === 'Notice n1')!.to.sort()).toEqual(['a1@grain.test', 'a2@grain.test']);
    // marked sent once the mail server took it (just after the catcher stored it); the held one stays
    const left = await until(
      () => outbox.unsent(),
      (ms) => !ms.some((m) => m.key === 'n1'),
    );
    expect(left.map((m) => m.key)).toEqual(['h1']);
    // queued twice under one key (a retried commit): nothing more
    await outbox.enqueue([queued('n1')]);
    await outbox.release('cert-h');
    await until(
      () => outbox.unsent(),
      (ms) => ms.length === 0,
    );
    const all = await mail.list({ to: 'a2@grain.test' });
    expect(all.map((m) => m.subject).sort()).toEqual(['Notice h1', 'Notice n1']);
  } finally {
    await relay.stop();
    sender.close();
    await catcher.stop();
  }
}, 30_000);

test('a mail server that is down delays the mail: the send is retried after its back-off and the mail arrives once it is up', async () => {
  // a port nobody listens on yet
  const probe = new SmtpCatcher(mail);
  const port = await probe.start(0);
  await probe.stop();
  const sender = new SmtpMailSender(`smtp://127.0.0.1:${port}`, 'Grain <no-reply@grain.test>', true);
  const relay = new MailOutboxRelay(outbox, sender, db.notifications, { pollMs: 200, retryBaseMs: 500 });
  await relay.start();
  let catcher: SmtpCatcher | undefined;
  try {
    await outbox.enqueue([queued('down1')]);
    const failed = await until(
      () => db.knex('mail_outbox').where({ key: 'down1' }).first(),
      (r) => Number(r?.attempts) >= 1 && !!r?.last_error,
    );
    expect(failed.sent_at).toBeNull();
    catcher = new SmtpCatcher(mail);
    await catcher.start(port);
    await until(
      () => db.knex('mail_outbox').where({ key: 'down1' }).first(),
      (r) => r?.sent_at != null,
    );
    expect((await mail.list({ to: 'a1@grain.test' })).filter((m) => m.subject === 'Notice down1')).toHaveLength(1);
  } finally {
    await relay.stop();
    sender.close();
    await catcher?.stop();
  }
}, 30_000);

test('sent mails are pruned once older than the retention (the table does not grow forever); unsent and held ones stay', async () => {
  const catcher = new SmtpCatcher(mail);
  const port = await catcher.start(0);
  const sender = new SmtpMailSender(`smtp://127.0.0.1:${port}`, 'Grain <no-reply@grain.test>', true);
  await db.knex('mail_outbox').del();
  await outbox.enqueue([queued('old'), queued('new'), queued('held', { held: true, certificateId: 'cert-p' })]);
  const relay = new MailOutboxRelay(outbox, sender, db.notifications, { pollMs: 600_000, keepSentMs: 60 * 60_000 });
  await relay.start();
  try {
    await until(
      () => outbox.unsent(),
      (ms) => ms.length === 1,
    );
    // one was sent two hours ago: past the hour's retention; a relay prunes it at its start
    await db
      .knex('mail_outbox')
      .where({ key: 'old' })
      .update({ sent_at: db.knex.raw(`now() - interval '2 hours'`) });
    await relay.stop();
    const next = new MailOutboxRelay(outbox, sender, db.notifications, { pollMs: 600_000, keepSentMs: 60 * 60_000 });
    await next.start();
    const keys = await until(
      async () => (await db.knex('mail_outbox').select('key').orderBy('key')).map((r) => r.key as string),
      (ks) => !ks.includes('old'),
    );
    await next.stop();
    expect(keys).toEqual(['held', 'new']);
    // the store's own call: nothing more is old enough; the unsent held mail is never pruned
    await db
      .knex('mail_outbox')
      .where({ key: 'held' })
      .update({ due_at: db.knex.raw(`now() - interval '2 days'`) });
    expect(await outbox.pruneSent(60 * 60_000)).toBe(0);
    // a mail still inside the retention stays deduplicated by its key
    await outbox.enqueue([queued('new')]);
    expect(Number((await db.knex('mail_outbox').where({ key: 'new' }).count({ n: '*' }))[0].n)).toBe(1);
  } finally {
    await relay.stop();
    sender.close();
    await catcher.stop();
  }
}, 30_000);
