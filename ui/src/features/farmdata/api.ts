import type { FarmData, GeneratedHarvest, ImageVerificationView } from '@grain/domain';
import { api, ApiError } from '../../api/client';

type ResultAnswer = { 'verification result'?: ImageVerificationView[]; error?: string };
const firstResult = (a: ResultAnswer) => (a.error ? null : (a['verification result']?.[0] ?? null));

/** Farm data calls of docs/spec/farm-data-and-documents.md §7 (paths under /api/). */
export const farmApi = {
  list: (dataType?: string) => api<{ farmDatas: FarmData[] }>(`farmdata/harvesting/list${dataType ? `?dataType=${dataType}` : ''}`).then((r) => r.farmDatas),
  detail: (id: string) => api<{ farmData: FarmData }>(`farmdata/harvesting/detail/${encodeURIComponent(id)}`).then((r) => r.farmData),
  create: (farmData: Record<string, unknown>) => api<{ farmData: FarmData }>('farmdata/harvesting/create', { body: { farmData } }).then((r) => r.farmData),
  autogenerate: () => api<{ farmData: GeneratedHarvest & { number: string } }>('farmdata/harvesting/autogenerate').then((r) => r.farmData),
  generateLink: (id: string) => api<{ verification_link: string; embedded?: boolean }>('farmdata/verification/generate_link', { body: { farm_data_id: id } }),
  result: (id: string) => api<ResultAnswer>('farmdata/verification/get_verification_result', { body: { farm_data_id: id } }).then(firstResult),
  uploadPhoto: (id: string, file: File) => {
    const form = new FormData();
    form.append('farm_data_id', id);
    form.append('file', file);
    return api<ResultAnswer>('farmdata/verification/upload', { form }).then(firstResult);
  },
};

/**
 * Uploads the CSV file with progress (fetch cannot report upload progress, XHR can). Rejects with an
 * ApiError carrying the server's rows of problems in `body.details.rows`.
 */
export function uploadCsv(file: File, onProgress: (pct: number) => void): Promise<{ farmDatas: FarmData[]; saved: number }> {
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
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as { farmDatas: FarmData[]; saved: number });
      else reject(new ApiError(xhr.status, String(body.code ?? `HTTP_${xhr.status}`), String(body.invalidMsg ?? xhr.statusText), body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'UNAVAILABLE', '', null));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
