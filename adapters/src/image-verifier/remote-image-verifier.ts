import type { ImageVerificationStore } from '@grain/persistence';
import type { AdapterInfo } from '../port';
import type { ImageVerificationResult } from '@grain/domain';
import type { ImageVerifier, VerifierScope } from './image-verifier';

const TIMEOUT_MS = 10_000;

/**
 * The external grain verification service (IMAGE_VERIFIER_URL): POST generate_link and
 * get_verification_result with `{ farm_data_id }` (docs/spec/farm-data-and-documents.md §7). Its answer is saved on the farm
 * record, so the certificate gate does not depend on the service being up later.
 */
export class RemoteImageVerifier implements ImageVerifier {
  private readonly base: string;
  constructor(
    private readonly store: ImageVerificationStore,
    baseUrl: string,
  ) {
    this.base = baseUrl.replace(/\/$/, '');
  }
  info(): AdapterInfo {
    return { kind: 'real', detail: `grain verification service at ${this.base}` };
  }
  async ping() {
    const res = await fetch(this.base, { method: 'HEAD', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (res.status >= 500) throw new Error(`verification service answered ${res.status}`);
  }

  private async post(path: string, farmDataId: string): Promise<Record<string, unknown>> {
    const res = await fetch(`${this.base}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ farm_data_id: farmDataId }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`verification service ${path} answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }

  async generateLink(s: VerifierScope): Promise<string> {
    const body = await this.post('generate_link', s.farmDataId);
    const link = body.verification_link;
    if (typeof link !== 'string' || !/^https?:\/\//.test(link)) throw new Error('verification service gave no usable verification_link');
    return link;
  }

  async getResult(s: VerifierScope): Promise<ImageVerificationResult | null> {
    const body = await this.post('get_verification_result', s.farmDataId);
    if (body.error) return null;
    const list = body['verification result'];
    const item = Array.isArray(list) ? (list[0] as Record<string, unknown> | undefined) : undefined;
    if (!item) return null;
    const verdict = String(item.status ?? item.result ?? (item.verified === true ? 'verified' : item.verified === false ? 'rejected' : '')).toLowerCase();
    if (!['verified', 'valid', 'pass', 'passed', 'rejected', 'invalid', 'fail', 'failed'].includes(verdict)) return null;
    const verified = ['verified', 'valid', 'pass', 'passed'].includes(verdict);
    const imageUrl = typeof item.image_url === 'string' && /^https?:\/\//.test(item.image_url) ? item.image_url : null;
    const reason = verified ? null : String(item.reason ?? 'rejected by the verification service').slice(0, 40);
    const saved = await this.store.saveRemote(s.companyId, s.farmDataId, verified, imageUrl, reason);
    return {
      farm_data_id: s.farmDataId,
      status: saved.status,
      verified,
      reason,
      width: null,
      height: null,
      mime: null,
      image_url: imageUrl,
      checked_at: saved.checkedAt,
    };
  }
}
