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
import { checkUploadedFile, contentDisposition, INLINE_TYPES, sha256OfFile, type UploadExt } from '../http/file-checks';

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
 * against the name), file download, detail and update. View needs viewDocument, changes editDocument.
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
    const { companyId } = scopeOf(req);
    const id = uuidParam(req.params.id);
    const fields = parseInput(updateBody, req.body ?? {});
    const file = req.file ? await storeFile(req) : undefined;
    const result = await store.update(companyId, id, fields.version, {
      docName: fields.docName,
      docType: fields.docType,
      description: fields.description,
      file,
    });
    if (result === null || result === 'conflict') {
      if (file) await storage.remove(file.storageKey);
      throw new AppError(result === null ? 'NOT_FOUND' : 'CONFLICT');
    }
    if (result.replacedKey) await storage.remove(result.replacedKey);
    res.json({ document: result.doc, documents: { docId: result.doc.docId, docName: result.doc.docName } } satisfies DocumentSavedAnswer);
  });

  // The file: inline only for types that cannot carry script (pdf, png, gif), always with the type the
  // content proved at upload; everything else, or ?download=1, as an attachment.
  r.get('/company/document/:id', requirePermission('viewDocument'), async (req, res) => {
    const { companyId } = scopeOf(req);
    const f = await store.file(companyId, uuidParam(req.params.id));
    if (!f) throw new AppError('NOT_FOUND');
    const inline = req.query.download === undefined && INLINE_TYPES.has(f.ext as UploadExt);
    res.setHeader('Content-Type', f.mime);
    res.setHeader('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', f.originalName));
    res.setHeader('Content-Length', String(f.size));
    res.setHeader('Cache-Control', 'private, no-store');
    if (f.ext !== 'pdf') res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    const stream = storage.stream(f.storageKey);
    stream.on('error', (e) => (res.headersSent ? res.destroy(e) : res.status(404).end()));
    stream.pipe(res);
  });

  return r;
}
