import type { Knex } from 'knex';
import { countryCodeOf, phoneE164 } from '@grain/domain';

/**
 * Phone numbers are stored in E.164 (issue 27): the numbers already stored as typed are rewritten,
 * read in their company's country (its address's; Australia when it has none). A number that cannot
 * be read stays as it was (it is shown as stored).
 */
export async function up(k: Knex): Promise<void> {
  const countryOf = new Map<string, 'AU' | 'VN'>();
  const companies: Array<{ id: string; phone: string | null; country: string | null }> = await k('companies as c')
    .leftJoin('addresses as a', 'a.id', 'c.address_id')
    .select('c.id', 'c.phone', 'a.country');
  for (const c of companies) {
    const country = countryCodeOf(c.country) ?? 'AU';
    countryOf.set(c.id, country);
    const e164 = c.phone ? phoneE164(c.phone, country) : null;
    if (e164 && e164 !== c.phone) await k('companies').where({ id: c.id }).update({ phone: e164 });
  }
  const users: Array<{ id: string; phone: string | null; company_id: string | null }> = await k('users')
    .whereNotNull('phone')
    .select('id', 'phone', 'company_id');
  for (const u of users) {
    const e164 = u.phone ? phoneE164(u.phone, (u.company_id && countryOf.get(u.company_id)) || 'AU') : null;
    if (e164 && e164 !== u.phone) await k('users').where({ id: u.id }).update({ phone: e164 });
  }
}

/** The numbers are kept in E.164: it is a valid way to write each of them. */
export async function down(): Promise<void> {}
