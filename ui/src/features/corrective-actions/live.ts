import { CORRECTIVE_ACTION_LIVE_TYPE } from '@grain/domain';
import { useLiveReload } from '../../live';

const TYPES = [CORRECTIVE_ACTION_LIVE_TYPE];

/**
 * Calls `onChange` when a corrective action changes (any the viewer may see, or only the one `id`):
 * the live channel's action messages (published by the read-model activity and on creation), with a
 * slow poll behind them.
 */
export function useActionLive(onChange: () => void, id?: string) {
  useLiveReload(TYPES, onChange, id);
}
