import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';
import type { MailStore } from '@grain/persistence';

/**
 * The embedded mail server: a real SMTP listener on loopback that keeps every message in the
 * database for the dev mailbox (page /dev/mailbox, JSON /api/dev/mail). Used when SMTP_URL is unset.
 */
export class SmtpCatcher {
  private server?: SMTPServer;
  private listeners = new Set<(id: number) => void>();
  constructor(private readonly store: MailStore) {}

  onMessage(fn: (id: number) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  async start(port: number, host = '127.0.0.1'): Promise<number> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      banner: 'grain-cert dev mailbox',
      size: 30 * 1024 * 1024,
      onData: (stream, session, cb) => {
        simpleParser(stream)
          .then(async (m) => {
            // Whom it was delivered to: the envelope's recipients (blind copies have no header), else the header's.
            const envelope = session.envelope.rcptTo.map((r) => r.address).filter(Boolean);
            const to = envelope.length
              ? envelope
              : ([] as AddressObject[])
                  .concat(m.to ?? [])
                  .flatMap((a) => a.value.map((v) => v.address ?? ''))
                  .filter(Boolean);
            const id = await this.store.add({
              messageId: m.messageId ?? null,
              from: m.from?.text ?? null,
              to,
              subject: m.subject ?? null,
              text: m.text ?? null,
              html: typeof m.html === 'string' ? m.html : null,
            });
            for (const l of this.listeners) l(id);
            cb();
          })
          .catch((e: Error) => cb(e));
      },
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        // A client that drops its connection (a worker killed mid-mail) must not end this process:
        // without a listener, SMTPServer's 'error' event throws.
        server.on('error', (e: Error & { code?: string }) => console.warn(`smtp catcher: ${e.code ?? ''} ${e.message}`));
        resolve();
      });
    });
    const addr = (server as unknown as { server: { address(): { port: number } } }).server.address();
    return addr.port;
  }

  async stop(): Promise<void> {
    const s = this.server;
    if (!s) return;
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}
