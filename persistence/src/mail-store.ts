import type { Knex } from 'knex';

export interface StoredMail {
  id: number;
  messageId: string | null;
  from: string | null;
  to: string[];
  subject: string | null;
  text: string | null;
  html: string | null;
  receivedAt: string;
}

export interface MailListOptions {
  /** Only mail with this recipient (case-insensitive). */
  to?: string;
  limit?: number;
  afterId?: number;
  /**
   * Only mail a reader may see: some recipient is a (not deleted) user of `companyId`, or is the
   * reader's own `email`. Mail to addresses of no user of that company stays hidden.
   */
  visibleTo?: { companyId: string | null; email: string };
}

/** Messages caught by the embedded SMTP catcher (the dev mailbox). */
export interface MailStore {
  add(m: Omit<StoredMail, 'id' | 'receivedAt'>): Promise<number>;
  /** Newest first, filtered as MailListOptions says. */
  list(opts?: MailListOptions): Promise<StoredMail[]>;
}

export class KnexMailStore implements MailStore {
  constructor(private readonly k: Knex) {}

  async add(m: Omit<StoredMail, 'id' | 'receivedAt'>): Promise<number> {
    const [row] = await this.k('mail_messages')
      .insert({ message_id: m.messageId, from_addr: m.from, to_addrs: m.to, subject: m.subject, text_body: m.text, html_body: m.html })
      .returning('id');
    return Number(row.id ?? row);
  }

  /** Newest first, filtered as MailListOptions says. */
  async list(opts: MailListOptions = {}): Promise<StoredMail[]> {
    const limit = Math.min(Number.isFinite(opts.limit) && opts.limit! > 0 ? opts.limit! : 100, 500);
    let q = this.k('mail_messages').orderBy('id', 'desc').limit(limit);
    if (opts.to) q = q.whereRaw('exists (select 1 from unnest(to_addrs) a where lower(a) = lower(?))', [opts.to]);
    if (opts.afterId && Number.isFinite(opts.afterId)) q = q.where('id', '>', opts.afterId);
    const v = opts.visibleTo;
    if (v) {
      q = q.whereRaw(
        `exists (select 1 from unnest(to_addrs) a where lower(a) = lower(?)
           or exists (select 1 from users u where lower(u.email) = lower(a) and u.deleted_at is null and u.company_id = ?))`,
        [v.email, v.companyId],
      );
    }
    const rows = await q;
    return rows.map((r) => ({
      id: Number(r.id),
      messageId: r.message_id,
      from: r.from_addr,
      to: r.to_addrs,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      receivedAt: new Date(r.received_at).toISOString(),
    }));
  }
}
