import { featureRouter } from '../http/params';
import type { Feature } from '../http/feature';
import { createCtx } from './certificate-context';
import { draftRoutes } from './draft-routes';
import { actionRoutes } from './action-routes';
import { templateRoutes } from './template-routes';
import { overdueRoutes } from './overdue-routes';
import { inboxRoutes } from './inbox-routes';
import { publicVerifyRoutes } from './public-verify-routes';
import { resolverRoutes } from './resolver-routes';

/**
 * Grain certificates (the approval calls of the public contract) plus the calls this build adds: reject and delegate
 * (company/approval/{id}/reject, /delegate), templates, the overdue dashboard and public verification.
 */
export const certificatesFeature: Feature = {
  apiPaths: ['company/approval', 'company/approvals', 'company/approvallevel', 'company/approvaltemplate', 'company/approvaltemplates', 'public'],
  mount: (deps) => {
    const ctx = createCtx(deps);
    const api = featureRouter();
    // The public verification router takes no login; every other router checks it per route. No two
    // routers share a path, so the order only decides how many routes a request is matched against:
    // the list (the most asked call) and the drafts first.
    api.use(draftRoutes(ctx));
    api.use(publicVerifyRoutes(ctx, deps));
    api.use(overdueRoutes(ctx));
    api.use(inboxRoutes(ctx));
    api.use(templateRoutes(ctx));
    api.use(actionRoutes(ctx));
    // the one link a certificate's QR code opens (outside /api: it is printed on every certificate)
    return { api, '/c': resolverRoutes(ctx, deps) };
  },
};
