import { CERTIFICATE_LIVE_TYPE } from '@grain/domain';
import { useLiveReload } from '../../live';

const TYPES = [CERTIFICATE_LIVE_TYPE];

/**
 * Calls `onChange` when a certificate changes (any of the company's, or only the one `id`): the live
 * channel's certificate messages (published by the read-model activity), with a slow poll behind them.
 */
export function useCertificateLive(onChange: () => void, id?: string) {
  useLiveReload(TYPES, onChange, id);
}
