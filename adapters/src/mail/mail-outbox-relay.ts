import { MAIL_OUTBOX_CHANNEL, type DbNotifications, type MailOutboxStore, type QueuedMail } from '@grain/persistence';
import type { MailSender } from './mail-sender';

export interface MailOutboxRelayOptions {
  /** Mails taken per round (sent side by side over the sender's pooled connections). */
  batch?: number;
  /** How long a taken mail is this relay's before another may take it (a relay that died). */
  leaseMs?: number;
  /** Looks again this often without a notification (a missed one, a retry coming due). */
  pollMs?: number;
  /** Back-off of a failed send: min(max, base * 2^(attempts - 1)). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Sent mails are deleted once older than this (default 7 days); looked for at start and hourly. */
  keepSentMs?: number;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

/**
 * Sends what the mail outbox holds (persistence MailOutboxStore): woken by the outbox's notification at
 * the commit that queued a mail, and every `pollMs` besides. Each mail is sent at least once: taken under
 * a lease, marked sent after the SMTP server accepted it; a failed send is due again after a back-off, so
 * a mail outage delays mail and stalls nothing else. Several relays (worker processes) share the outbox.
 */
export class MailOutboxRelay {
  private readonly o: Required<Omit<MailOutboxRelayOptions, 'log'>> & Pick<MailOutboxRelayOptions, 'log'>;
  private stopped = false;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => void) | undefined;
  private prunedAt = 0;

  constructor(
    private readonly outbox: MailOutboxStore,
    private readonly mail: MailSender,
    private readonly notifications: Pick<DbNotifications, 'listen'> | undefined,
    opts: MailOutboxRelayOptions = {},
  ) {
    this.o = { batch: 16, leaseMs: 60_000, pollMs: 2_000, retryBaseMs: 2_000, retryMaxMs: 10 * 60_000, keepSentMs: 7 * 24 * 3_600_000, ...opts };
  }

  /** Polls from now on, and listens (a failed listen rejects; the polling goes on until stop). */
  async start(): Promise<void> {
    this.schedule();
    this.wake();
    const unlisten = await this.notifications?.listen(MAIL_OUTBOX_CHANNEL, () => this.wake());
    if (this.stopped) unlisten?.();
    else this.unlisten = unlisten;
  }

  /** Sends what is due now (and keeps going while rounds find mail). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Waits for the round under way; sends nothing after. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unlisten?.();
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private schedule() {
    this.timer = setInterval(() => this.wake(), this.o.pollMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    try {
      await this.pruneNowAndThen();
      for (;;) {
        const mails = await this.outbox.claim(this.o.batch, this.o.leaseMs);
        if (!mails.length) return;
        const sent = (await Promise.all(mails.map((m) => this.send(m)))).filter((id): id is number => id !== undefined);
        await this.outbox.sent(sent);
        if (this.stopped || mails.length < this.o.batch) return;
      }
    } catch (e) {
      this.o.log?.('mail outbox relay: round failed', { error: String(e) });
    }
  }

  /** At most hourly: the sent mails past their retention go (see MailOutboxStore.pruneSent). */
  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.prunedAt < 3_600_000) return;
    this.prunedAt = Date.now();
    const n = await this.outbox.pruneSent(this.o.keepSentMs);
    if (n) this.o.log?.('mail outbox relay: pruned sent mails', { count: n });
  }

  private async send(m: QueuedMail): Promise<number | undefined> {
    try {
      await this.mail.send({ to: m.recipients, subject: m.subject, text: m.text, html: m.html, messageId: m.messageId });
      return m.id;
    } catch (e) {
      const wait = Math.min(this.o.retryMaxMs, this.o.retryBaseMs * 2 ** Math.max(0, m.attempts - 1));
      this.o.log?.('mail outbox relay: send failed, will retry', { key: m.key, attempts: m.attempts, retryInMs: wait, error: String(e) });
      await this.outbox.failed(m.id, String(e), wait).catch(() => undefined);
      return undefined;
    }
  }
}
