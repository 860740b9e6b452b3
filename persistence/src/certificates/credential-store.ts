import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { prepared, preparedResult } from './prepared';

/** How many entries one status list holds (the W3C Bitstring Status List's minimum, 16 KB of bits). */
export const STATUS_LIST_SIZE = 131_072;

/** An issued certificate's credential as signed at issue, with its place in its issuer's status list. */
export interface StoredCredential {
  certificateId: string;
  companyId: string;
  statusIndex: number;
  issuerDid: string;
  /** The signed credential (vc+jwt); null only between its index being allotted and its signing. */
  jwt: string | null;
}

/** A company's status list credential as last signed. */
export interface StoredStatusList {
  jwt: string;
  madeAt: string;
}

/**
 * The credentials of issued certificates and their issuers' status lists (issue 31 items 1 and 2). A
 * credential is signed once, at issue, with the seal that sealed the PDF, and kept: a retired seal's key is
 * deleted, so it could not be signed again later. Each gets a random free index in its company's status
 * list (random, so an index tells nothing about when or how many certificates the company issued).
 */
export interface CredentialStore {
  ofCertificate(certificateId: string): Promise<StoredCredential | null>;
  /** The certificate's status index, allotted on the first call (a random free one of its company), with the issuer DID it is signed as. */
  allot(certificateId: string, companyId: string, issuerDid: string): Promise<StoredCredential>;
  saveJwt(certificateId: string, jwt: string): Promise<void>;
  /** The status indexes of the company's revoked certificates issued as `issuerDid`: the bits set in that DID's status list. */
  revokedIndexes(companyId: string, issuerDid: string): Promise<number[]>;
  /** The issuer DIDs the company's credentials were issued as. */
  issuerDids(companyId: string): Promise<string[]>;
  statusList(companyId: string, listKey: string): Promise<StoredStatusList | null>;
  saveStatusList(companyId: string, listKey: string, issuerDid: string, jwt: string, madeAt: Date): Promise<void>;
}

const toCredential = (r: Record<string, unknown>): StoredCredential => ({
  certificateId: String(r.certificate_id),
  companyId: String(r.company_id),
  statusIndex: Number(r.status_index),
  issuerDid: String(r.issuer_did),
  jwt: (r.jwt as string | null) ?? null,
});

/** Its statements run as named prepared statements: the PDF step of every certificate sends them (issue 29). */
export class KnexCredentialStore implements CredentialStore {
  constructor(private readonly k: Knex) {}

  async ofCertificate(certificateId: string): Promise<StoredCredential | null> {
    const [r] = (
      await preparedResult<Record<string, unknown>>(
        this.k,
        'select certificate_id, company_id, status_index, issuer_did, jwt from certificate_credentials where certificate_id = ?',
        [certificateId],
      )
    ).rows;
    return r ? toCredential(r) : null;
  }

  async allot(certificateId: string, companyId: string, issuerDid: string): Promise<StoredCredential> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const found = await this.ofCertificate(certificateId);
      if (found) return found;
      // a random index; taken ones (or a certificate allotted at the same moment) are tried again
      await prepared(
        this.k,
        'insert into certificate_credentials (certificate_id, company_id, status_index, issuer_did) values (?, ?, ?, ?) on conflict do nothing',
        [certificateId, companyId, randomInt(STATUS_LIST_SIZE), issuerDid],
      );
    }
    throw new Error(`no free status list index for certificate ${certificateId}`);
  }

  async saveJwt(certificateId: string, jwt: string): Promise<void> {
    await prepared(this.k, 'update certificate_credentials set jwt = ? where certificate_id = ?', [jwt, certificateId]);
  }

  async revokedIndexes(companyId: string, issuerDid: string): Promise<number[]> {
    const { rows } = await preparedResult<{ status_index: number | string }>(
      this.k,
      `select c.status_index from certificate_credentials c join certificates x on x.id = c.certificate_id
        where c.company_id = ? and c.issuer_did = ? and x.revoked_at is not null`,
      [companyId, issuerDid],
    );
    return rows.map((r) => Number(r.status_index)).sort((a, b) => a - b);
  }

  async issuerDids(companyId: string): Promise<string[]> {
    const rows = await this.k('certificate_credentials').where({ company_id: companyId }).distinct('issuer_did');
    return rows.map((r) => String(r.issuer_did));
  }

  async statusList(companyId: string, listKey: string): Promise<StoredStatusList | null> {
    const [r] = (
      await preparedResult<{ jwt: string; made_at: string | Date }>(
        this.k,
        'select jwt, made_at from company_status_lists where company_id = ? and list_key = ?',
        [companyId, listKey],
      )
    ).rows;
    return r ? { jwt: r.jwt, madeAt: new Date(r.made_at).toISOString() } : null;
  }

  async saveStatusList(companyId: string, listKey: string, issuerDid: string, jwt: string, madeAt: Date): Promise<void> {
    await prepared(
      this.k,
      `insert into company_status_lists (company_id, list_key, issuer_did, jwt, made_at) values (?, ?, ?, ?, ?)
       on conflict (company_id, list_key) do update set issuer_did = excluded.issuer_did, jwt = excluded.jwt, made_at = excluded.made_at`,
      [companyId, listKey, issuerDid, jwt, madeAt],
    );
  }
}
