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
  sha256: string;
}

/** The file an update replaced: its version and where its bytes are. */
export interface ReplacedFile {
  version: number;
  storageKey: string;
}

type FilePatch = Omit<NewDocument, 'docName' | 'docType' | 'description'>;

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
    file: { name: r.original_name, ext: r.ext, mime: r.mime, size: Number(r.size), sha256: r.sha256, version: Number(r.file_version) },
    company: r.company_id,
    version: Number(r.version),
  };
}

const storedFile = (r: Record<string, any>): StoredFile => ({
  storageKey: r.storage_key,
  originalName: r.original_name,
  ext: r.ext,
  mime: r.mime,
  size: Number(r.size),
  sha256: r.sha256,
});

const versionRow = (companyId: string, documentId: string, version: number, userId: string | null, f: FilePatch) => ({
  document_id: documentId,
  version,
  company_id: companyId,
  original_name: f.originalName,
  ext: f.ext,
  mime: f.mime,
  size: f.size,
  sha256: f.sha256,
  storage_key: f.storageKey,
  upload_user: userId,
});

const UUID = /^[0-9a-f-]{36}$/i;

/**
 * Company documents. The bytes live in file storage under a generated key; this holds the metadata and
 * every file version (`document_versions`): a new file makes a new version and leaves the earlier one
 * as it was, so a certificate holding it keeps its bytes.
 */
export interface DocumentStore {
  create(companyId: string, userId: string, d: NewDocument): Promise<CompanyDocument>;
  /** Newest change first; `q` matches name, type or description. */
  list(companyId: string, opts?: { q?: string; docType?: DocumentType; limit?: number }): Promise<CompanyDocument[]>;
  get(companyId: string, id: string): Promise<CompanyDocument | null>;
  /** The document's current file. */
  file(companyId: string, id: string): Promise<StoredFile | null>;
  /** One file version of the document, current or earlier. */
  fileVersion(companyId: string, id: string, version: number): Promise<StoredFile | null>;
  /** The media types of file versions (`<id>@<version>` → mime), in one query: how a page previews them. */
  fileVersionTypes(companyId: string, refs: Array<{ id: string; version: number }>): Promise<Map<string, string>>;
  /**
   * Changes name, type, description and optionally the file. `version` guards against a lost update:
   * the row changes only if it is still at that version. A new file becomes a new file version (the
   * document's version after this change); the one it replaced stays, and is answered so the caller can
   * remove it when nothing holds it (`removeFileVersion`).
   */
  update(
    companyId: string,
    id: string,
    version: number,
    patch: Partial<Pick<NewDocument, 'docName' | 'docType' | 'description'>> & { file?: FilePatch },
    userId?: string,
  ): Promise<{ doc: CompanyDocument; replaced: ReplacedFile | null } | 'conflict' | null>;
  /** Forgets an earlier file version (never the current one); answers its storage key to remove, or null. */
  removeFileVersion(companyId: string, id: string, version: number): Promise<string | null>;
}

export class KnexDocumentStore implements DocumentStore {
  constructor(private readonly k: Knex) {}

  private base(companyId: string) {
    return this.k('documents as d').leftJoin('users as u', 'u.id', 'd.upload_user').where('d.company_id', companyId).select(COLUMNS);
  }

  async create(companyId: string, userId: string, d: NewDocument): Promise<CompanyDocument> {
    const id = randomUUID();
    await this.k.transaction(async (trx) => {
      await trx('documents').insert({
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
        file_version: 1,
      });
      await trx('document_versions').insert(versionRow(companyId, id, 1, userId, d));
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
    if (!UUID.test(id)) return null;
    const r = await this.base(companyId).where('d.id', id).first();
    return r ? toDocument(r) : null;
  }

  async file(companyId: string, id: string): Promise<StoredFile | null> {
    if (!UUID.test(id)) return null;
    const r = await this.k('documents').where({ company_id: companyId, id }).first('storage_key', 'original_name', 'ext', 'mime', 'size', 'sha256');
    return r ? storedFile(r) : null;
  }

  async fileVersion(companyId: string, id: string, version: number): Promise<StoredFile | null> {
    if (!UUID.test(id) || !Number.isInteger(version)) return null;
    const r = await this.k('document_versions')
      .where({ company_id: companyId, document_id: id, version })
      .first('storage_key', 'original_name', 'ext', 'mime', 'size', 'sha256');
    return r ? storedFile(r) : null;
  }

  async fileVersionTypes(companyId: string, refs: Array<{ id: string; version: number }>): Promise<Map<string, string>> {
    const ids = [...new Set(refs.filter((r) => UUID.test(r.id) && Number.isInteger(r.version)).map((r) => r.id))];
    if (ids.length === 0) return new Map();
    const rows: Array<{ document_id: string; version: number | string; mime: string }> = await this.k('document_versions')
      .where({ company_id: companyId })
      .whereIn('document_id', ids)
      .select('document_id', 'version', 'mime');
    const wanted = new Set(refs.map((r) => `${r.id}@${r.version}`));
    return new Map(rows.map((r) => [`${r.document_id}@${Number(r.version)}`, r.mime] as const).filter(([k]) => wanted.has(k)));
  }

  async update(
    companyId: string,
    id: string,
    version: number,
    patch: Partial<Pick<NewDocument, 'docName' | 'docType' | 'description'>> & { file?: FilePatch },
    userId?: string,
  ): Promise<{ doc: CompanyDocument; replaced: ReplacedFile | null } | 'conflict' | null> {
    const current = await this.k('documents').where({ company_id: companyId, id }).first('version', 'file_version', 'storage_key', 'upload_user');
    if (!current) return null;
    const next = Number(current.version) + 1;
    const set: Record<string, unknown> = { version: next, updated_at: new Date().toISOString() };
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
        file_version: next,
      });
    const applied = await this.k.transaction(async (trx) => {
      // returning(): the changed rows on every driver (knex-pglite answers delete() without a row count).
      const changed = await trx('documents').where({ company_id: companyId, id, version }).update(set).returning('id');
      if (changed.length === 0) return false;
      if (patch.file) await trx('document_versions').insert(versionRow(companyId, id, next, userId ?? current.upload_user, patch.file));
      return true;
    });
    if (!applied) return 'conflict';
    const replaced = patch.file ? { version: Number(current.file_version), storageKey: current.storage_key as string } : null;
    return { doc: (await this.get(companyId, id))!, replaced };
  }

  async removeFileVersion(companyId: string, id: string, version: number): Promise<string | null> {
    const row = await this.k('document_versions as v')
      .join('documents as d', 'd.id', 'v.document_id')
      .where({ 'v.company_id': companyId, 'v.document_id': id, 'v.version': version })
      .whereNot('d.file_version', version)
      .first('v.storage_key');
    if (!row) return null;
    const gone = await this.k('document_versions').where({ company_id: companyId, document_id: id, version }).del().returning('storage_key');
    return gone.length ? row.storage_key : null;
  }
}
