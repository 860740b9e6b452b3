import type { Knex } from 'knex';

export type ImageCheckStatus = 'verified' | 'rejected';

export interface ImageVerificationRecord {
  farmDataId: string;
  companyId: string;
  status: ImageCheckStatus;
  /** Message code of a rejection (IMAGE_NOT_READABLE, IMAGE_TOO_SMALL, IMAGE_DUPLICATE). */
  reason: string | null;
  sha256: string | null;
  mime: string | null;
  width: number | null;
  height: number | null;
  storageKey: string | null;
  checkedBy: string | null;
  checkedAt: string;
}

const toRecord = (r: Record<string, any>): ImageVerificationRecord => ({
  farmDataId: r.farm_data_id,
  companyId: r.company_id,
  status: r.status,
  reason: r.reason ?? null,
  sha256: r.sha256 ?? null,
  mime: r.mime ?? null,
  width: r.width ?? null,
  height: r.height ?? null,
  storageKey: r.storage_key ?? null,
  checkedBy: r.checked_by ?? null,
  checkedAt: new Date(r.checked_at).toISOString(),
});

/** A verified grain photo a farm record had, kept by its sha256 for the certificates that hold it. */
export interface FarmPhoto {
  sha256: string;
  mime: string;
  storageKey: string;
}

/**
 * The latest photo check of each farm record. Saving a check also sets the record's imageValidation
 * (Verified / Rejected) in the same transaction, so the certificate gate reads one column. Every photo
 * that passed is also kept by its sha256 (`farm_photos`): a later photo does not replace the one a
 * certificate was signed over.
 */
export interface ImageVerificationStore {
  /** Saves the record's latest check and sets its imageValidation (and image URL) in one transaction. */
  save(v: Omit<ImageVerificationRecord, 'checkedAt'>, imageUrl: string | null): Promise<ImageVerificationRecord>;
  get(companyId: string, farmDataId: string): Promise<ImageVerificationRecord | null>;
  /**
   * Another record of the same company whose verified photo has these bytes. Only within the company:
   * asking across companies would tell anyone whether another tenant holds a given photo.
   */
  findDuplicate(companyId: string, sha256: string, farmDataId: string): Promise<boolean>;
  /** A photo the record had verified, by its sha256 (the current one or an earlier one). */
  photo(companyId: string, farmDataId: string, sha256: string): Promise<FarmPhoto | null>;
  /** Records the external verifier's answer (no photo bytes here; they stay with the service). */
  saveRemote(companyId: string, farmDataId: string, verified: boolean, imageUrl: string | null, reason: string | null): Promise<ImageVerificationRecord>;
}

export class KnexImageVerificationStore implements ImageVerificationStore {
  constructor(private readonly k: Knex) {}

  async save(v: Omit<ImageVerificationRecord, 'checkedAt'>, imageUrl: string | null): Promise<ImageVerificationRecord> {
    return this.k.transaction(async (trx) => {
      const row = {
        farm_data_id: v.farmDataId,
        company_id: v.companyId,
        status: v.status,
        reason: v.reason,
        sha256: v.sha256,
        mime: v.mime,
        width: v.width,
        height: v.height,
        storage_key: v.storageKey,
        checked_by: v.checkedBy,
        checked_at: new Date().toISOString(),
      };
      const [saved] = await trx('farm_image_verifications').insert(row).onConflict('farm_data_id').merge().returning('*');
      if (v.status === 'verified' && v.sha256 && v.mime && v.storageKey)
        await trx('farm_photos')
          .insert({
            farm_data_id: v.farmDataId,
            company_id: v.companyId,
            sha256: v.sha256,
            mime: v.mime,
            width: v.width,
            height: v.height,
            storage_key: v.storageKey,
            checked_by: v.checkedBy,
            checked_at: row.checked_at,
          })
          .onConflict(['farm_data_id', 'sha256'])
          .ignore();
      await trx('farm_data')
        .where({ company_id: v.companyId, id: v.farmDataId })
        .update({
          image_validation: v.status === 'verified' ? 'Verified' : 'Rejected',
          image_url: imageUrl,
          modified_at: new Date().toISOString(),
        });
      return toRecord(saved);
    });
  }

  async get(companyId: string, farmDataId: string): Promise<ImageVerificationRecord | null> {
    const r = await this.k('farm_image_verifications').where({ company_id: companyId, farm_data_id: farmDataId }).first();
    return r ? toRecord(r) : null;
  }

  async findDuplicate(companyId: string, sha256: string, farmDataId: string): Promise<boolean> {
    const r = await this.k('farm_image_verifications')
      .where({ company_id: companyId, sha256, status: 'verified' })
      .whereNot({ farm_data_id: farmDataId })
      .first('farm_data_id');
    return !!r;
  }

  async photo(companyId: string, farmDataId: string, sha256: string): Promise<FarmPhoto | null> {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
    const r = await this.k('farm_photos').where({ company_id: companyId, farm_data_id: farmDataId, sha256 }).first('sha256', 'mime', 'storage_key');
    return r ? { sha256: r.sha256, mime: r.mime, storageKey: r.storage_key } : null;
  }

  async saveRemote(companyId: string, farmDataId: string, verified: boolean, imageUrl: string | null, reason: string | null): Promise<ImageVerificationRecord> {
    return this.save(
      {
        farmDataId,
        companyId,
        status: verified ? 'verified' : 'rejected',
        reason,
        sha256: null,
        mime: null,
        width: null,
        height: null,
        storageKey: null,
        checkedBy: null,
      },
      imageUrl,
    );
  }
}
