import type { Knex } from 'knex';
import { prepared } from './prepared';

export interface ReminderRecord {
  /** Idempotency key of the mail (timer key + recipient); recording it twice keeps one row. */
  key: string;
  certificateId: string;
  level: number;
  recipientId: string;
  overdue: boolean;
}

/**
 * The reminder mails the certificate workflow sent (recorded when the mail is queued in the mail outbox,
 * in the same transaction; the outbox's relay sends it), for the managers' overdue dashboard.
 */
export interface CertificateReminderStore {
  /** Records a sent reminder; the same key twice keeps one row. */
  record(r: ReminderRecord): Promise<void>;
  /**
   * Reminder mails sent per certificate for its given level since that level (re)started: a reject or
   * resubmit restarts a level and its count. `levels` maps certificate id to { level, since }.
   */
  countSent(levels: Map<string, { level: number; since?: string | null }>): Promise<Map<string, number>>;
}

export class KnexCertificateReminderStore implements CertificateReminderStore {
  constructor(private readonly k: Knex) {}

  async record(r: ReminderRecord): Promise<void> {
    await prepared(
      this.k,
      'insert into certificate_reminders ("key", certificate_id, level, recipient_id, overdue) values (?, ?, ?, ?, ?) on conflict ("key") do nothing',
      [r.key, r.certificateId, r.level, r.recipientId, r.overdue],
    );
  }

  async countSent(levels: Map<string, { level: number; since?: string | null }>): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (levels.size === 0) return out;
    const rows = await this.k('certificate_reminders')
      .whereIn('certificate_id', [...levels.keys()])
      .select('certificate_id', 'level', 'sent_at');
    for (const r of rows as Array<{ certificate_id: string; level: number; sent_at: Date | string }>) {
      const want = levels.get(r.certificate_id);
      if (!want || Number(r.level) !== want.level) continue;
      if (want.since && new Date(r.sent_at).getTime() < Date.parse(want.since)) continue;
      out.set(r.certificate_id, (out.get(r.certificate_id) ?? 0) + 1);
    }
    return out;
  }
}
