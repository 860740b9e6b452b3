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

/** Messages caught by the embedded SMTP catcher (the dev mailbox). */
export interface MailStore {
  add(m: Omit<StoredMail, 'id' | 'receivedAt'>): Promise<number>;
  /** Newest first; `to` filters by recipient (case-insensitive). */
  list(opts?: { to?: string; limit?: number; afterId?: number }): Promise<StoredMail[]>;
}

export class KnexMailStore implements MailStore {
  constructor(private readonly k: Knex) {}

  async add(m: Omit<StoredMail, 'id' | 'receivedAt'>): Promise<number> {
    const [row] = await this.k('mail_messages')
      .insert({ message_id: m.messageId, from_addr: m.from, to_addrs: m.to, subject: m.subject, text_body: m.text, html_body: m.html })
      .returning('id');
    return Number(row.id ?? row);
  }

  /** Newest first; `to` filters by recipient (case-insensitive). */
  async list(opts: { to?: string; limit?: number; afterId?: number } = {}): Promise<StoredMail[]> {
    let q = this.k('mail_messages').orderBy('id', 'desc').limit(Math.min(opts.limit ?? 100, 500));
    if (opts.to) q = q.whereRaw('exists (select 1 from unnest(to_addrs) a where lower(a) = lower(?))', [opts.to]);
    if (opts.afterId) q = q.where('id', '>', opts.afterId);
    const rows = await q;
    return rows.map((r) => ({
      id: Number(r.id), messageId: r.message_id, from: r.from_addr, to: r.to_addrs, subject: r.subject,
      text: r.text_body, html: r.html_body, receivedAt: new Date(r.received_at).toISOString(),
    }));
  }
}

/** @deprecated use `stores.mail` (createStores); kept while code outside the accounts, documents and live areas still builds its own. */
export const MailStore = KnexMailStore;
