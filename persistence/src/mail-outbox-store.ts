import type { Knex } from 'knex';
import { prepared, preparedResult } from './certificates/prepared';

/** The channel the outbox's writes notify: the relays wake at the commit that queued a mail. */
export const MAIL_OUTBOX_CHANNEL = 'mail_outbox';

/** One message to send: rendered, with its recipients (all of them see one another's address). */
export interface OutboxMail {
  /** What made it, e.g. `<workflow id>:<version>:<effect>`: a mail is queued once per key. */
  key: string;
  certificateId?: string;
  recipients: string[];
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID, so a receiver can tell a resend (after a relay crash) from a new mail. */
  messageId: string;
  /** Waits until `release(certificateId)` (the completion notice waits for the issued PDF). */
  held?: boolean;
}

export interface QueuedMail extends OutboxMail {
  id: number;
  /** Sends tried so far, this one included. */
  attempts: number;
}

/**
 * The mail outbox (migration 050): queued in the transaction of the change that makes a mail, sent by the
 * worker's relay (adapters' MailOutboxRelay), at least once. Through `stores.transaction`, a mail is queued
 * only if the change commits.
 */
export interface MailOutboxStore {
  /** Queues mails, once per key (a retried commit queues nothing twice), and wakes the relays at commit. */
  enqueue(mails: OutboxMail[]): Promise<void>;
  /** Lets a certificate's held mails go. */
  release(certificateId: string): Promise<void>;
  /**
   * Takes up to `limit` due mails, oldest first, for `leaseMs`: another relay skips them meanwhile, and a
   * relay that dies before `sent` leaves them due again when the lease ends.
   */
  claim(limit: number, leaseMs: number): Promise<QueuedMail[]>;
  sent(ids: number[]): Promise<void>;
  /** A send failed: due again after `retryInMs`. */
  failed(id: number, error: string, retryInMs: number): Promise<void>;
  /**
   * Deletes mails sent more than `olderThanMs` ago and answers how many. Their keys only guard against a
   * retried commit queueing a mail twice, which happens within minutes; kept longer, the table only grows.
   */
  pruneSent(olderThanMs: number): Promise<number>;
  /** Mails not sent yet (held ones included). */
  unsent(certificateId?: string): Promise<QueuedMail[]>;
}

const toQueued = (r: Record<string, any>): QueuedMail => ({
  id: Number(r.id),
  key: r.key,
  certificateId: r.certificate_id ?? undefined,
  recipients: r.recipients,
  subject: r.subject,
  text: r.text,
  html: r.html ?? undefined,
  messageId: r.message_id,
  held: !!r.held,
  attempts: Number(r.attempts),
});

/**
 * The mails in key order of the caller (ids ascending), once per key, and the relays woken at commit
 * when one of them may go now (the notification as `notify` sends it).
 */
const ENQUEUE_SQL = `with queued as (
    insert into mail_outbox ("key", certificate_id, recipients, subject, "text", html, message_id, held)
    select x."key", x.certificate_id, array(select json_array_elements_text(x.recipients)), x.subject, x."text", x.html, x.message_id, x.held
      from json_to_recordset(?::json) as x(ord int, "key" text, certificate_id text, recipients json, subject text, "text" text, html text, message_id text, held boolean)
     order by x.ord
    on conflict ("key") do nothing
  )
  select pg_notify(?, '') where ?::boolean`;

export class KnexMailOutboxStore implements MailOutboxStore {
  constructor(private readonly k: Knex) {}

  /**
   * One named prepared statement whatever the number of mails (they go in as one JSON array, issue 29:
   * a multi-row insert's text changed with its row count, and the relays' wake-up was a second statement).
   */
  async enqueue(mails: OutboxMail[]): Promise<void> {
    const rows = mails
      .filter((m) => m.recipients.length)
      .map((m, ord) => ({
        ord,
        key: m.key,
        certificate_id: m.certificateId ?? null,
        recipients: m.recipients,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        message_id: m.messageId,
        held: !!m.held,
      }));
    if (!rows.length) return;
    await prepared(this.k, ENQUEUE_SQL, [JSON.stringify(rows), MAIL_OUTBOX_CHANNEL, rows.some((r) => !r.held)]);
  }

  async release(certificateId: string): Promise<void> {
    // one named prepared statement: the held mails freed, the relays woken at commit when there were any
    await prepared(
      this.k,
      `with freed as (update mail_outbox set held = false, due_at = now() where certificate_id = ? and held returning id)
       select pg_notify(?, '') where exists (select 1 from freed)`,
      [certificateId, MAIL_OUTBOX_CHANNEL],
    );
  }

  async claim(limit: number, leaseMs: number): Promise<QueuedMail[]> {
    const { rows } = await preparedResult<Record<string, any>>(
      this.k,
      `update mail_outbox set due_at = now() + (? * interval '1 millisecond'), attempts = attempts + 1
        where id in (select id from mail_outbox where sent_at is null and not held and due_at <= now()
                      order by due_at, id limit ? for update skip locked)
        returning id, "key", certificate_id, recipients, subject, "text", html, message_id, held, attempts`,
      [leaseMs, limit],
    );
    return rows.map(toQueued).sort((a, b) => a.id - b.id);
  }

  async sent(ids: number[]): Promise<void> {
    if (ids.length) await prepared(this.k, 'update mail_outbox set sent_at = now(), last_error = null where id = any(?::bigint[])', [ids]);
  }

  async failed(id: number, error: string, retryInMs: number): Promise<void> {
    await this.k('mail_outbox')
      .where({ id })
      .update({ last_error: error.slice(0, 1000), due_at: this.k.raw(`now() + (? * interval '1 millisecond')`, [retryInMs]) });
  }

  async pruneSent(olderThanMs: number): Promise<number> {
    return this.k('mail_outbox')
      .whereNotNull('sent_at')
      .where('sent_at', '<', this.k.raw(`now() - (? * interval '1 millisecond')`, [olderThanMs]))
      .del();
  }

  async unsent(certificateId?: string): Promise<QueuedMail[]> {
    const q = this.k('mail_outbox').whereNull('sent_at').orderBy('id');
    if (certificateId) q.where({ certificate_id: certificateId });
    return (await q).map(toQueued);
  }
}
