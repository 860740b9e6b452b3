import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { CompanyDocument, DocumentType } from '@grain/domain';

export interface NewDocument {
  docName: string;
  docType: DocumentType;
  description: string | null;
  originalName: string;
  ext: string;
  mime: string;
  size: number;
  sha256: string;
  storageKey: string;
}

export interface StoredFile {
  storageKey: string;
  originalName: string;
  ext: string;
  mime: string;
  size: number;
}

const COLUMNS = ['d.*', 'u.firstname', 'u.lastname'];

function toDocument(r: Record<string, any>): CompanyDocument {
  const name = r.firstname ? `${r.firstname} ${r.lastname ?? ''}`.trim() : null;
  return {
    _id: r.id,
    docId: r.id,
    docName: r.doc_name,
    docType: r.doc_type,
    description: r.description ?? null,
    uploadUser: r.upload_user,
    uploadUserName: name,
    uploadDate: new Date(r.created_at).toISOString(),
    lastModified: new Date(r.updated_at).toISOString(),
    uploadUrl: `company/document/${r.id}`,
    file: { name: r.original_name, ext: r.ext, mime: r.mime, size: Number(r.size) },
    company: r.company_id,
    version: Number(r.version),
  };
}

/** Company documents. The bytes live in file storage under a generated key; this holds the metadata. */
export interface DocumentStore {
  create(companyId: string, userId: string, d: NewDocument): Promise<CompanyDocument>;
  /** Newest change first; `q` matches name, type or description. */
  list(companyId: string, opts?: { q?: string; docType?: DocumentType; limit?: number }): Promise<CompanyDocument[]>;
  get(companyId: string, id: string): Promise<CompanyDocument | null>;
  file(companyId: string, id: string): Promise<StoredFile | null>;
  /**
   * Changes name, type, description and optionally the file. `version` guards against a lost update:
   * the row changes only if it is still at that version. Returns the old storage key when the file
   * was replaced, so the caller can remove it.
   */
  update(
    companyId: string,
    id: string,
    version: number,
    patch: Partial<Pick<NewDocument, 'docName' | 'docType' | 'description'>> & { file?: Omit<NewDocument, 'docName' | 'docType' | 'description'> },
  ): Promise<{ doc: CompanyDocument; replacedKey: string | null } | 'conflict' | null>;
}

export class KnexDocumentStore implements DocumentStore {
  constructor(private readonly k: Knex) {}

  private base(companyId: string) {
    return this.k('documents as d').leftJoin('users as u', 'u.id', 'd.upload_user').where('d.company_id', companyId).select(COLUMNS);
  }

  async create(companyId: string, userId: string, d: NewDocument): Promise<CompanyDocument> {
    const id = randomUUID();
    await this.k('documents').insert({
      id,
      company_id: companyId,
      doc_name: d.docName,
      doc_type: d.docType,
      description: d.description,
      original_name: d.originalName,
      ext: d.ext,
      mime: d.mime,
      size: d.size,
      sha256: d.sha256,
      storage_key: d.storageKey,
      upload_user: userId,
    });
    return (await this.get(companyId, id))!;
  }

  /** Newest change first; `q` matches name, type or description. */
  async list(companyId: string, opts: { q?: string; docType?: DocumentType; limit?: number } = {}): Promise<CompanyDocument[]> {
    let q = this.base(companyId)
      .orderBy('d.updated_at', 'desc')
      .limit(Math.min(Math.max(opts.limit ?? 500, 1), 2000));
    if (opts.docType) q = q.where('d.doc_type', opts.docType);
    if (opts.q) {
      const like = `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((w) => w.whereILike('d.doc_name', like).orWhereILike('d.doc_type', like).orWhereILike('d.description', like));
    }
    return (await q).map(toDocument);
  }

  async get(companyId: string, id: string): Promise<CompanyDocument | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const r = await this.base(companyId).where('d.id', id).first();
    return r ? toDocument(r) : null;
  }

  async file(companyId: string, id: string): Promise<StoredFile | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const r = await this.k('documents').where({ company_id: companyId, id }).first('storage_key', 'original_name', 'ext', 'mime', 'size');
    return r ? { storageKey: r.storage_key, originalName: r.original_name, ext: r.ext, mime: r.mime, size: Number(r.size) } : null;
  }

  /**
   * Changes name, type, description and optionally the file. `version` guards against a lost update:
   * the row changes only if it is still at that version. Returns the old storage key when the file
   * was replaced, so the caller can remove it.
   */
  async update(
    companyId: string,
    id: string,
    version: number,
    patch: Partial<Pick<NewDocument, 'docName' | 'docType' | 'description'>> & { file?: Omit<NewDocument, 'docName' | 'docType' | 'description'> },
  ): Promise<{ doc: CompanyDocument; replacedKey: string | null } | 'conflict' | null> {
    const current = await this.k('documents').where({ company_id: companyId, id }).first('version', 'storage_key');
    if (!current) return null;
    const set: Record<string, unknown> = { version: Number(current.version) + 1, updated_at: new Date().toISOString() };
    if (patch.docName !== undefined) set.doc_name = patch.docName;
    if (patch.docType !== undefined) set.doc_type = patch.docType;
    if (patch.description !== undefined) set.description = patch.description;
    if (patch.file)
      Object.assign(set, {
        original_name: patch.file.originalName,
        ext: patch.file.ext,
        mime: patch.file.mime,
        size: patch.file.size,
        sha256: patch.file.sha256,
        storage_key: patch.file.storageKey,
      });
    // returning(): the changed rows on every driver (knex-pglite answers delete() without a row count).
    const changed = await this.k('documents').where({ company_id: companyId, id, version }).update(set).returning('id');
    if (changed.length === 0) return 'conflict';
    return { doc: (await this.get(companyId, id))!, replacedKey: patch.file ? current.storage_key : null };
  }
}
