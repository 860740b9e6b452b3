import { type Router, type Request } from 'express';
import { z } from 'zod';
import {
  AppError,
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABELS_I18N,
  MAX_UPLOAD_BYTES,
  type DocumentAnswer,
  type DocumentFormInfoAnswer,
  type DocumentListAnswer,
  type DocumentSavedAnswer,
} from '@grain/domain';
import type { ApiDeps } from '../deps';
import { requirePermission } from '../http/auth-middleware';
import { langOf } from '../http/lang';
import { scopeOf } from '../http/scope';
import { uuidParam, featureRouter } from '../http/params';
import { parseInput } from '../http/parse-input';
import { singleFile } from '../http/uploads';
import { checkUploadedFile, sha256OfFile } from '../http/file-checks';
import { sendStoredFile } from '../http/stored-file';
import { updateDocument } from './commands/update-document';

const text = (max: number) => z.string().trim().max(max);
const createBody = z.object({
  docName: text(300).optional(),
  docType: z.enum(DOCUMENT_TYPES, { message: 'INVALID_INPUT' }),
  description: text(5000).optional(),
});
const updateBody = z.object({
  docName: text(300).min(1, { message: 'INVALID_NAME' }).optional(),
  docType: z.enum(DOCUMENT_TYPES, { message: 'INVALID_INPUT' }).optional(),
  description: text(5000).optional(),
  version: z.coerce.number().int().min(1),
});

/** multer reads the part's filename as latin1; browsers send UTF-8 bytes. */
function utf8Name(raw: string): string {
  const fixed = Buffer.from(raw, 'latin1').toString('utf8');
  return fixed.includes('\uFFFD') ? raw : fixed;
}

/**
 * Company documents (docs/spec/farm-data-and-documents.md §7): list with search, types, multipart upload (50 MB, content checked
 * against the name), file download, detail and update (a new file is a new file version, see
 * commands/update-document.ts). View needs viewDocument, changes editDocument.
 */
export function createDocumentRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const store = deps.stores.documents;
  const { storage } = deps.adapters;

  async function storeFile(req: Request) {
    if (!req.file) throw new AppError('SELECT_FILE');
    const checked = await checkUploadedFile(utf8Name(req.file.originalname), req.file.path);
    const sha256 = await sha256OfFile(req.file.path);
    const storageKey = await storage.putFile(req.file.path, { ext: checked.ext, prefix: 'documents' });
    return { originalName: checked.name, ext: checked.ext, mime: checked.mime, size: req.file.size, storageKey, sha256 };
  }

  r.get('/company/documentes', requirePermission('viewDocument'), async (req, res) => {
    const { companyId } = scopeOf(req);
    const q = typeof req.query.q === 'string' ? req.query.q.slice(0, 100) : undefined;
    const docType = (DOCUMENT_TYPES as readonly string[]).includes(String(req.query.docType))
      ? (req.query.docType as (typeof DOCUMENT_TYPES)[number])
      : undefined;
    res.json({ documents: await store.list(companyId, { q, docType }) } satisfies DocumentListAnswer);
  });

  r.get('/company/document/create', requirePermission('viewDocument'), (req, res) => {
    const lang = langOf(req);
    res.json({ documentTypes: DOCUMENT_TYPES.map((value) => ({ value, label: DOCUMENT_TYPE_LABELS_I18N[value][lang] })) } satisfies DocumentFormInfoAnswer);
  });

  r.post('/company/document/create', requirePermission('editDocument'), singleFile('file', MAX_UPLOAD_BYTES), async (req, res) => {
    const { actor, companyId } = scopeOf(req);
    const fields = parseInput(createBody, req.body ?? {});
    const file = await storeFile(req);
    const baseName = file.originalName.replace(/\.[^.]+$/, '');
    const doc = await store.create(companyId, actor.id, {
      ...file,
      docType: fields.docType,
      docName: fields.docName || baseName,
      description: fields.description ?? '',
    });
    res.status(201).json({ documents: { docId: doc.docId, docName: doc.docName }, document: doc } satisfies DocumentSavedAnswer);
  });

  r.get('/company/document/:id/detail', requirePermission('viewDocument'), async (req, res) => {
    const { companyId } = scopeOf(req);
    const document = await store.get(companyId, uuidParam(req.params.id));
    if (!document) throw new AppError('NOT_FOUND');
    res.json({ document } satisfies DocumentAnswer);
  });

  r.post('/company/document/:id/update', requirePermission('editDocument'), singleFile('file', MAX_UPLOAD_BYTES), async (req, res) => {
    const { actor, companyId } = scopeOf(req);
    const documentId = uuidParam(req.params.id);
    const { version, ...fields } = parseInput(updateBody, req.body ?? {});
    const file = req.file ? await storeFile(req) : undefined;
    const doc = await updateDocument({ companyId, userId: actor.id, documentId, version, fields, file }, { stores: deps.stores, storage });
    res.json({ document: doc, documents: { docId: doc.docId, docName: doc.docName } } satisfies DocumentSavedAnswer);
  });

  // The document's current file (a certificate opens the version it holds through the certificate).
  r.get('/company/document/:id', requirePermission('viewDocument'), async (req, res) => {
    const { companyId } = scopeOf(req);
    const f = await store.file(companyId, uuidParam(req.params.id));
    if (!f) throw new AppError('NOT_FOUND');
    sendStoredFile(req, res, storage, f);
  });

  return r;
}
