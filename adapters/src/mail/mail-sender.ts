import nodemailer, { type Transporter } from 'nodemailer';
import type { AdapterInfo, Described } from '../port';

export interface OutgoingMail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** Deduplicates retried sends at the receiving end (Message-ID). */
  messageId?: string;
}

/**
 * Port: sends mail. There is one implementation: nodemailer over SMTP, to SMTP_URL (real) or to the
 * embedded catcher on loopback (embedded). Either way the app speaks real SMTP.
 */
export interface MailSender extends Described {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

export class SmtpMailSender implements MailSender {
  private readonly transport: Transporter;
  constructor(
    private readonly url: string,
    private readonly from: string,
    private readonly embedded: boolean,
  ) {
    this.transport = nodemailer.createTransport(url, { pool: true, maxConnections: 4 } as object);
  }
  info(): AdapterInfo {
    const u = new URL(this.url);
    return { kind: this.embedded ? 'embedded' : 'real', detail: `smtp ${u.hostname}:${u.port || 25}` + (this.embedded ? ' (dev mailbox catcher)' : '') };
  }
  async ping() {
    await this.transport.verify();
  }
  async send(mail: OutgoingMail) {
    const r = await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.messageId });
    return { messageId: r.messageId };
  }
  close() {
    this.transport.close();
  }
}
