import { createStores, type Db } from '@grain/persistence';
import { createTestDb } from '@grain/persistence/testing';
import { SmtpCatcher } from './smtp-catcher';
import { SmtpMailSender } from './mail-sender';
import { SMTPServer } from 'smtp-server';

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

it('a mail to several people shows none of them the others: each is a blind copy, delivered to all', async () => {
  const received: Array<{ rcpt: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, session, cb) => {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server as unknown as { server: { address(): { port: number } } }).server.address().port;
  const sender = new SmtpMailSender(`smtp://127.0.0.1:${port}`, 'Grain <no-reply@grain.local>', true);
  try {
    await sender.send({ to: ['a1@example.com', 'a2@example.com'], subject: 'Level 2 waits for you', text: 'Sign here' });
    await sender.send({ to: ['alone@example.com'], subject: 'Your code', text: 'Code' });
    expect(received).toHaveLength(2);
    expect(received[0].rcpt).toEqual(['a1@example.com', 'a2@example.com']);
    expect(received[0].raw).not.toMatch(/a1@example\.com|a2@example\.com/);
    // one person: addressed to them as before
    expect(received[1].rcpt).toEqual(['alone@example.com']);
    expect(received[1].raw).toMatch(/^To: alone@example\.com/m);
  } finally {
    sender.close();
    await new Promise<void>((r) => server.close(() => r()));
  }
});
