import { createStores, type Db } from '@grain/persistence';
import { createTestDb } from '@grain/persistence/testing';
import { SmtpCatcher } from './smtp-catcher';
import { SmtpMailSender } from './mail-sender';

describe('mail over real SMTP on loopback', () => {
  let db: Db;
  let catcher: SmtpCatcher;
  let sender: SmtpMailSender;
  beforeAll(async () => {
    db = await createTestDb();
    catcher = new SmtpCatcher(createStores(db.knex).mail);
    const port = await catcher.start(0);
    sender = new SmtpMailSender(`smtp://127.0.0.1:${port}`, 'Grain <no-reply@grain.local>', true);
  });
  afterAll(async () => {
    sender.close();
    await catcher.stop();
    await db.close();
  });

  it('delivers through nodemailer to the catcher, which keeps it for the dev mailbox', async () => {
    const arrived = new Promise<number>((r) => catcher.onMessage(r));
    await sender.ping();
    await sender.send({ to: ['Signer@Example.com', 'other@example.com'], subject: 'Your code 123456', text: 'Code: 123456' });
    const id = await arrived;
    const store = createStores(db.knex).mail;
    const [m] = await store.list({ to: 'signer@example.com' });
    expect(m.id).toBe(id);
    expect(m.subject).toBe('Your code 123456');
    expect(m.text).toContain('Code: 123456');
    expect(m.to).toEqual(['signer@example.com', 'other@example.com'].map((a) => expect.stringMatching(new RegExp(a, 'i'))));
    expect(await store.list({ to: 'nobody@example.com' })).toEqual([]);
    expect(sender.info()).toEqual({ kind: 'embedded', detail: expect.stringContaining('127.0.0.1') });
  });
});
