import type {
  FarmDataCreatedAnswer,
  FarmDataDetailAnswer,
  FarmDataListAnswer,
  FarmDataUploadAnswer,
  GeneratedFarmDataAnswer,
  VerificationLinkAnswer,
  VerificationResultAnswer,
} from '@grain/domain';
import { api, ApiError } from '../../api/client';

const firstResult = (a: VerificationResultAnswer) => ('error' in a ? null : (a['verification result']?.[0] ?? null));

/** Farm data calls of docs/spec/farm-data-and-documents.md §7 (paths under /api/). */
export const farmApi = {
  list: (dataType?: string) => api<FarmDataListAnswer>(`farmdata/harvesting/list${dataType ? `?dataType=${dataType}` : ''}`).then((r) => r.farmDatas),
  detail: (id: string) => api<FarmDataDetailAnswer>(`farmdata/harvesting/detail/${encodeURIComponent(id)}`).then((r) => r.farmData),
  create: (farmData: Record<string, unknown>) => api<FarmDataCreatedAnswer>('farmdata/harvesting/create', { body: { farmData } }).then((r) => r.farmData),
  autogenerate: () => api<GeneratedFarmDataAnswer>('farmdata/harvesting/autogenerate').then((r) => r.farmData),
  generateLink: (id: string) => api<VerificationLinkAnswer>('farmdata/verification/generate_link', { body: { farm_data_id: id } }),
  result: (id: string) => api<VerificationResultAnswer>('farmdata/verification/get_verification_result', { body: { farm_data_id: id } }).then(firstResult),
  uploadPhoto: (id: string, file: File) => {
    const form = new FormData();
    form.append('farm_data_id', id);
    form.append('file', file);
    return api<VerificationResultAnswer>('farmdata/verification/upload', { form }).then(firstResult);
  },
};

/**
 * Uploads the CSV file with progress (fetch cannot report upload progress, XHR can). Rejects with an
 * ApiError carrying the server's rows of problems in `body.details.rows`.
 */
export function uploadCsv(file: File, onProgress: (pct: number) => void): Promise<FarmDataUploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/farmdata/harvesting/upload');
    xhr.withCredentials = true;
    xhr.setRequestHeader('x-lang', localStorage.getItem('lang') || 'en');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as unknown as FarmDataUploadAnswer);
      else reject(new ApiError(xhr.status, String(body.code ?? `HTTP_${xhr.status}`), String(body.invalidMsg ?? xhr.statusText), body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'UNAVAILABLE', '', null));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
