import { sha256hex, type ImageVerificationRecord, type ImageVerificationStore } from '@grain/persistence';
import type { AdapterInfo } from '../port';
import type { FileStorage } from '../storage/file-storage';
import { readImageHeader } from './image-header';
import type { ImageVerificationResult } from '@grain/domain';
import { MIN_IMAGE_HEIGHT, MIN_IMAGE_WIDTH, type ImageVerifier, type VerifierScope } from './image-verifier';

/** Where the API serves a verified photo of a record (see api/src/farmdata). */
export const imagePath = (farmDataId: string) => `/api/farmdata/verification/image/${farmDataId}`;

function toResult(r: ImageVerificationRecord): ImageVerificationResult {
  return {
    farm_data_id: r.farmDataId,
    status: r.status,
    verified: r.status === 'verified',
    reason: r.reason,
    width: r.width,
    height: r.height,
    mime: r.mime,
    image_url: r.storageKey ? imagePath(r.farmDataId) : null,
    checked_at: r.checkedAt,
  };
}

/**
 * The embedded verifier: the link opens this app's /imagevalidation page, where the photo is uploaded.
 * A photo passes when its own header says PNG, JPEG or GIF, it is at least 320 x 240 pixels, and no
 * other farm record of the same company has a verified photo with the same bytes (sha256).
 */
export class EmbeddedImageVerifier implements ImageVerifier {
  constructor(
    private readonly store: ImageVerificationStore,
    private readonly storage: FileStorage,
    private readonly publicUrl: string,
  ) {}
  info(): AdapterInfo {
    return { kind: 'embedded', detail: `photo checks in this app (${this.publicUrl}/imagevalidation)` };
  }
  async ping() {
    await this.storage.ping();
  }

  async generateLink(s: VerifierScope): Promise<string> {
    return `${this.publicUrl.replace(/\/$/, '')}/imagevalidation?farm_data_id=${encodeURIComponent(s.farmDataId)}`;
  }

  async getResult(s: VerifierScope): Promise<ImageVerificationResult | null> {
    const r = await this.store.get(s.companyId, s.farmDataId);
    return r ? toResult(r) : null;
  }

  async submitPhoto(s: VerifierScope & { userId: string; data: Buffer }): Promise<ImageVerificationResult> {
    const sha256 = sha256hex(s.data);
    const header = readImageHeader(s.data);
    const base = { farmDataId: s.farmDataId, companyId: s.companyId, sha256, checkedBy: s.userId };
    let reason: string | null = null;
    if (!header) reason = 'IMAGE_NOT_READABLE';
    else if (header.width < MIN_IMAGE_WIDTH || header.height < MIN_IMAGE_HEIGHT) reason = 'IMAGE_TOO_SMALL';
    else if (await this.store.findDuplicate(s.companyId, sha256, s.farmDataId)) reason = 'IMAGE_DUPLICATE';
    const dims = { mime: header?.mime ?? null, width: header?.width ?? null, height: header?.height ?? null };
    if (reason || !header) {
      const refused = { ...base, ...dims, status: 'rejected' as const, reason: reason ?? 'IMAGE_NOT_READABLE', storageKey: null };
      // A refused photo never replaces a verified one: the earlier good photo stays the record's evidence.
      const earlier = await this.store.get(s.companyId, s.farmDataId);
      if (earlier?.status === 'verified') return { ...toResult({ ...refused, checkedAt: new Date().toISOString() }), kept_verified: true };
      return toResult(await this.store.save(refused, null));
    }
    // Only a verified photo is kept: it is evidence for the certificate; rejected bytes are not needed.
    const storageKey = await this.storage.put(s.data, { ext: header.ext, prefix: 'grain-images' });
    return toResult(await this.store.save({ ...base, ...dims, status: 'verified', reason: null, storageKey }, imagePath(s.farmDataId)));
  }

  /** The stored photo of a record (company-scoped), for the API to serve. */
  async photo(s: VerifierScope): Promise<{ data: Buffer; mime: string } | null> {
    const r = await this.store.get(s.companyId, s.farmDataId);
    if (!r?.storageKey || !r.mime) return null;
    return { data: await this.storage.get(r.storageKey), mime: r.mime };
  }
}
