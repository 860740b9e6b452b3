import type { PolicyActionListAnswer, PolicyOrganisationListAnswer } from '@grain/domain';
import { api } from '../../api/client';

/** Policy calls of docs/spec/farm-data-and-documents.md §7. */
export const policyApi = {
  orgs: () => api<PolicyOrganisationListAnswer>('policy/policyorg/list').then((r) => r.policyOrganisationList),
  actions: () => api<PolicyActionListAnswer>('policy/policyaction/list').then((r) => r.policyActionsList),
  /** The reference PDF opened in a new window (docs/spec/farm-data-and-documents.md §7). The window opens first so pop-up blockers allow it. */
  openFile: async (fileName: string) => {
    const w = window.open('', '_blank');
    try {
      const blob = await api<Blob>('policy/policyorg/file', { body: { fileName } });
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      if (w) w.location.href = url;
      else window.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      w?.close();
      throw e;
    }
  },
};
