import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';

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

export class KnexCredentialStore implements CredentialStore {
  constructor(private readonly k: Knex) {}

  async ofCertificate(certificateId: string): Promise<StoredCredential | null> {
    const r = await this.k('certificate_credentials').where({ certificate_id: certificateId }).first();
    return r ? toCredential(r) : null;
  }

  async allot(certificateId: string, companyId: string, issuerDid: string): Promise<StoredCredential> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const found = await this.ofCertificate(certificateId);
      if (found) return found;
      // a random index; taken ones (or a certificate allotted at the same moment) are tried again
      await this.k('certificate_credentials')
        .insert({ certificate_id: certificateId, company_id: companyId, status_index: randomInt(STATUS_LIST_SIZE), issuer_did: issuerDid })
        .onConflict()
        .ignore();
    }
    throw new Error(`no free status list index for certificate ${certificateId}`);
  }

  async saveJwt(certificateId: string, jwt: string): Promise<void> {
    await this.k('certificate_credentials').where({ certificate_id: certificateId }).update({ jwt });
  }

  async revokedIndexes(companyId: string, issuerDid: string): Promise<number[]> {
    const rows = await this.k('certificate_credentials as c')
      .join('certificates as x', 'x.id', 'c.certificate_id')
      .where('c.company_id', companyId)
      .where('c.issuer_did', issuerDid)
      .whereNotNull('x.revoked_at')
      .select('c.status_index');
    return rows.map((r) => Number(r.status_index)).sort((a, b) => a - b);
  }

  async issuerDids(companyId: string): Promise<string[]> {
    const rows = await this.k('certificate_credentials').where({ company_id: companyId }).distinct('issuer_did');
    return rows.map((r) => String(r.issuer_did));
  }

  async statusList(companyId: string, listKey: string): Promise<StoredStatusList | null> {
    const r = await this.k('company_status_lists').where({ company_id: companyId, list_key: listKey }).first('jwt', 'made_at');
    return r ? { jwt: r.jwt, madeAt: new Date(r.made_at).toISOString() } : null;
  }

  async saveStatusList(companyId: string, listKey: string, issuerDid: string, jwt: string, madeAt: Date): Promise<void> {
    await this.k('company_status_lists')
      .insert({ company_id: companyId, list_key: listKey, issuer_did: issuerDid, jwt, made_at: madeAt })
      .onConflict(['company_id', 'list_key'])
      .merge();
  }
}
