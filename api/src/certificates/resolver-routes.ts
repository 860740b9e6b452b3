/**
 * The one link of an issued certificate (issue 31 item 6), what its QR code opens: GET /c/<content hash>
 * answers by content negotiation, as GS1 Digital Link / ISO/IEC 18975 resolvers do — a browser is sent to
 * the verify page, a client asking `application/pdf` to the sealed PDF, `application/vc+jwt` to the
 * credential, `application/xml` to the UN/CEFACT SPS e-Cert XML (303 See Other each) — and `application/linkset+json` (or `?linkType=all`) gets the RFC 9264
 * link set naming every one of them. Every answer carries a Link header (RFC 8288) to that link set.
 * Public and throttled like the verify page: the hash is the secret the holder already has.
 */
import type { Router } from 'express';
import { resolverChoice, resolverLinkset, RESOLVER_MEDIA_TYPES } from '@grain/domain';
import { featureRouter } from '../http/params';
import { publicThrottle } from '../http/public-throttle';
import type { ApiDeps } from '../deps';
import type { CertCtx } from './certificate-context';
import { resolveLink } from './commands/resolve-link';

export function resolverRoutes(ctx: CertCtx, deps: Pick<ApiDeps, 'config' | 'stores'>): Router {
  const r = featureRouter();
  r.get('/:hash', publicThrottle(deps, 'lookup'), async (req, res) => {
    const { anchor, links } = await resolveLink({ hash: String(req.params.hash).toLowerCase() }, ctx);
    res.setHeader('Vary', 'Accept');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Link', `<${anchor}?linkType=all>; rel="linkset"; type="${RESOLVER_MEDIA_TYPES.linkset}"`);
    const choice = req.query.linkType === 'all' ? 'linkset' : resolverChoice(req.header('accept'));
    if (choice === 'linkset') {
      res.setHeader('Content-Type', RESOLVER_MEDIA_TYPES.linkset);
      return void res.send(JSON.stringify(resolverLinkset(anchor, links)));
    }
    const target = links.find((l) => l.type === RESOLVER_MEDIA_TYPES[choice]) ?? links[0];
    res.redirect(303, target.href);
  });
  return r;
}
