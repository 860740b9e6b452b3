import { readFile } from 'node:fs/promises';
import type { Router } from 'express';
import { z } from 'zod';
import { AppError, message, type ImageVerificationResult, type VerificationLinkAnswer, type VerificationResultAnswer } from '@grain/domain';
import { EmbeddedImageVerifier } from '@grain/adapters';
import type { ApiDeps } from '../deps';
import { requirePermission } from '../http/auth-middleware';
import { langOf } from '../http/lang';
import { scopeOf } from '../http/scope';
import { uuidParam, featureRouter } from '../http/params';
import { parseInput } from '../http/parse-input';
import { singleFile } from '../http/uploads';
import { checkFileName } from '../http/file-checks';

const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
const body = z.object({ farm_data_id: z.string() });

/**
 * Grain image verification (docs/spec/farm-data-and-documents.md §7 generate_link / get_verification_result), under
 * /api/farmdata/verification/. The verifier is the adapter the configuration chose: embedded (the
 * photo is uploaded here, `upload`) or the external service (IMAGE_VERIFIER_URL).
 */
export function createVerificationRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const store = deps.stores.farmData;
  const verifier = deps.adapters.imageVerifier;

  async function scopedRecord(req: Parameters<typeof scopeOf>[0], id: unknown) {
    const { actor, companyId } = scopeOf(req);
    const record = await store.getFarmRecord(companyId, uuidParam(id));
    if (!record) throw new AppError('NOT_FOUND');
    return { actor, companyId, record };
  }
  const answer = (result: ImageVerificationResult, lang: ReturnType<typeof langOf>): VerificationResultAnswer => ({
    'verification result': [{ ...result, reasonText: result.reason && result.reason in MESSAGES_FOR ? message(result.reason as never, lang) : result.reason }],
  });

  r.post('/farmdata/verification/generate_link', requirePermission('viewDocument'), async (req, res) => {
    const { companyId, record } = await scopedRecord(req, parseInput(body, req.body).farm_data_id);
    // `embedded` tells the UI the link is its own /imagevalidation page (open in-app, whatever host PUBLIC_URL names).
    res.json({
      verification_link: await verifier.generateLink({ companyId, farmDataId: record._id }),
      embedded: verifier.info().kind === 'embedded',
    } satisfies VerificationLinkAnswer);
  });

  r.post('/farmdata/verification/get_verification_result', requirePermission('viewDocument'), async (req, res) => {
    const { companyId, record } = await scopedRecord(req, parseInput(body, req.body).farm_data_id);
    const result = await verifier.getResult({ companyId, farmDataId: record._id });
    if (!result) return res.json({ error: message('NOT_FOUND', langOf(req)) } satisfies VerificationResultAnswer);
    res.json(answer(result, langOf(req)));
  });

  r.post('/farmdata/verification/upload', requirePermission('editDocument'), singleFile('file', PHOTO_MAX_BYTES), async (req, res) => {
    if (!verifier.submitPhoto) throw new AppError('UNAVAILABLE', undefined, 'photos are uploaded at the external verification service');
    const { actor, companyId, record } = await scopedRecord(req, req.body?.farm_data_id);
    if (!req.file) throw new AppError('SELECT_FILE');
    // The photo's type comes from its bytes; the name must be harmless (no path, no script type) and, when
    // it has an extension, name an image type.
    const { ext } = checkFileName(req.file.originalname);
    if (ext && !['png', 'jpg', 'jpeg', 'gif'].includes(ext)) throw new AppError('FILE_TYPE_REJECTED');
    // The verifier needs the photo's bytes; a photo is small enough to read whole.
    const result = await verifier.submitPhoto({ companyId, farmDataId: record._id, userId: actor.id, data: await readFile(req.file.path) });
    res.json(answer(result, langOf(req)));
  });

  // The verified photo itself: served only after its header proved it an image, never as HTML.
  r.get('/farmdata/verification/image/:id', requirePermission('viewDocument'), async (req, res) => {
    const { companyId, record } = await scopedRecord(req, req.params.id);
    if (!(verifier instanceof EmbeddedImageVerifier)) throw new AppError('NOT_FOUND');
    const photo = await verifier.photo({ companyId, farmDataId: record._id });
    if (!photo) throw new AppError('NOT_FOUND');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.type(photo.mime).send(photo.data);
  });

  return r;
}

const MESSAGES_FOR = { IMAGE_NOT_READABLE: 1, IMAGE_TOO_SMALL: 1, IMAGE_DUPLICATE: 1 };
