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
    // A pooled transport keeps SMTP connections open between mails; every new connection costs a
    // handshake and the server's greeting delay, and certificate steps send several mails in a row.
    const u = new URL(url);
    this.transport = nodemailer.createTransport({
      host: u.hostname,
      port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 25)),
      secure: u.protocol === 'smtps:',
      auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
      pool: true,
      maxConnections: 4,
      // The embedded catcher on loopback offers no TLS; a real relay negotiates STARTTLS when it offers it.
      ignoreTLS: embedded,
    });
  }
  info(): AdapterInfo {
    const u = new URL(this.url);
    return { kind: this.embedded ? 'embedded' : 'real', detail: `smtp ${u.hostname}:${u.port || 25}` + (this.embedded ? ' (dev mailbox catcher)' : '') };
  }
  async ping() {
    await this.transport.verify();
  }
  async send(mail: OutgoingMail) {
    // A notice to several people (the signers of a level) is one mail, and none of them sees the others'
    // addresses: each is a blind copy; a mail to one person is addressed to them.
    const several = Array.isArray(mail.to) && mail.to.length > 1;
    const r = await this.transport.sendMail({
      from: this.from,
      ...(several ? { bcc: mail.to } : { to: mail.to }),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
    });
    return { messageId: r.messageId };
  }
  close() {
    this.transport.close();
  }
}
