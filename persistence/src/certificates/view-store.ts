import type { Knex } from 'knex';
import type { LevelOpened } from '@grain/domain';

/**
 * When a signer first opened a certificate while asked to sign a level (one row per certificate, level
 * and user; a level restarted after a reject keeps the row, and the progress compares it with the time
 * the signer was asked again).
 */
export interface CertificateViewStore {
  /** Notes the opening; a later one for the same level changes nothing, unless the level asked again since `askedSince`. */
  record(certificateId: string, level: number, userId: string, askedSince?: string): Promise<void>;
  /** Every recorded opening of the certificate. */
  of(certificateId: string): Promise<LevelOpened[]>;
}

export class KnexCertificateViewStore implements CertificateViewStore {
  constructor(private readonly k: Knex) {}

  async record(certificateId: string, level: number, userId: string, askedSince?: string): Promise<void> {
    const q = this.k('certificate_views').insert({ certificate_id: certificateId, level, user_id: userId }).onConflict(['certificate_id', 'level', 'user_id']);
    if (!askedSince) return void (await q.ignore());
    await q.merge({ viewed_at: this.k.fn.now() }).where('certificate_views.viewed_at', '<', askedSince);
  }

  async of(certificateId: string): Promise<LevelOpened[]> {
    const rows = await this.k('certificate_views').where({ certificate_id: certificateId }).select('level', 'user_id', 'viewed_at');
    return (rows as Array<{ level: number; user_id: string; viewed_at: Date | string }>).map((r) => ({
      level: Number(r.level),
      userId: r.user_id,
      viewedAt: new Date(r.viewed_at).toISOString(),
    }));
  }
}
