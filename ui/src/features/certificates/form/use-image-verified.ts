import { useEffect, useState } from 'react';
import type { FarmDataDetailAnswer } from '@grain/domain';
import { api } from '../../../api/client';

/**
 * Whether the grain photo of farm record `farmId` is verified, read from the record itself each time the
 * form's primary document changes (and when the form opens with one): undefined while unknown. The
 * form never keeps its own copy, so a draft saved or a certificate sent back before the photo was
 * verified does not hold the submit back.
 */
export function useImageVerified(farmId: string | undefined): boolean | undefined {
  const [state, setState] = useState<{ id?: string; verified?: boolean }>({});
  useEffect(() => {
    if (!farmId) return;
    let gone = false;
    api<FarmDataDetailAnswer>(`farmdata/harvesting/detail/${encodeURIComponent(farmId)}`).then(
      (r) => !gone && setState({ id: farmId, verified: r.farmData.imageValidation === 'Verified' }),
      () => !gone && setState({ id: farmId, verified: false }),
    );
    return () => {
      gone = true;
    };
  }, [farmId]);
  return farmId && state.id === farmId ? state.verified : undefined;
}
