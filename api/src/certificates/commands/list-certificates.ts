/** The company's certificates as list cards (one page, stored as text) with the toggle counts. */
import { statusesOfToggles, type Toggle } from '@grain/domain';
import type { CertificatePageText } from '@grain/persistence';
import type { Caller, CertificateCommandDeps } from './command-deps';

export interface ListCertificatesOptions {
  caller: Caller;
  toggles: Toggle[];
  search?: string;
  /** Only the certificates whose current level names the caller as a signer. */
  mine: boolean;
  cursor?: string;
  limit: number;
}

export function listCertificates(o: ListCertificatesOptions, { stores }: CertificateCommandDeps): Promise<Required<CertificatePageText>> {
  // The page and the toggle counts in one prepared statement, the page as the stored cards' text; its
  // promise handed on as it is (no async layer of its own: request-layers.test counts the promises).
  return stores.certificates.listText(
    {
      companyId: o.caller.companyId,
      statuses: o.toggles.length ? statusesOfToggles(o.toggles) : undefined,
      search: o.search,
      signerId: o.mine ? o.caller.actor.id : undefined,
      after: o.cursor,
      limit: o.limit,
    },
    { counts: true },
  );
}
