/**
 * What a verifier fetches to check a certificate with its own tools (issue 31), public and throttled like
 * the verify page: each company's DID document on the platform's domain (did:web:<host>:companies:<id>,
 * items 1), its status list credentials (W3C Bitstring Status List, item 2) and its CAs' CRLs (item 4).
 * All three are public by nature (a DID document, a status list and a CRL are published for anyone); a
 * company with none of them answers NOT_FOUND, like one that does not exist.
 */
import type { Router } from 'express';
import { AppError, platformDidOf } from '@grain/domain';
import { companyDidDocument, sealsOf } from '@grain/adapters';
import type { ApiDeps } from '../deps';
import { featureRouter } from '../http/params';
import { publicThrottle } from '../http/public-throttle';

/** GET /companies/:companyId/did.json: the platform-hosted DID document of a company that has a seal. */
export function createDidDocumentRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  r.get('/:companyId/did.json', publicThrottle(deps, 'lookup'), async (req, res) => {
    const companyId = String(req.params.companyId).toLowerCase();
    const history = await deps.stores.signatures.companyCertificates(companyId);
    const current = history[0];
    const seals = sealsOf(history);
    if (!current || seals.length === 0) throw new AppError('NOT_FOUND');
    res.setHeader('Content-Type', 'application/did+json');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.send(JSON.stringify(companyDidDocument(platformDidOf(deps.config.publicUrl, companyId), current.caPem, seals)));
  });
  return r;
}

/** GET /api/trust/status/:companyId/:listKey, /api/trust/tsa.pem and /api/trust/crl/:companyId/:fingerprint.crl. */
export function createTrustRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const lookups = publicThrottle(deps, 'lookup');

  // the status list as last signed (at every issue and revocation); a verifier may keep a copy up to its ttl
  r.get('/trust/status/:companyId/:listKey', lookups, async (req, res) => {
    const key = String(req.params.listKey);
    if (!/^[0-9a-f]{16}$/.test(key)) throw new AppError('NOT_FOUND');
    const list = await deps.stores.credentials.statusList(String(req.params.companyId).toLowerCase(), key);
    if (!list) throw new AppError('NOT_FOUND');
    res.setHeader('Content-Type', 'application/vc+jwt');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', `public, max-age=${deps.config.statusListMaxAgeSeconds}`);
    res.setHeader('Last-Modified', new Date(list.madeAt).toUTCString());
    res.send(list.jwt);
  });

  // the certificate(s) of the TSA that dates every seal (PEM): what a verifier trusts for a seal's time. The
  // embedded TSA's is this server's own (it says so: not a qualified TSA); with TSA_URL, that TSA's.
  r.get('/trust/tsa.pem', lookups, async (_req, res) => {
    res.setHeader('Content-Type', 'application/x-pem-file');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.send((await deps.adapters.tsa.certificatePems()).join(''));
  });

  // a company CA's CRL (DER): the current CA's signed now, a retired one's last
  r.get('/trust/crl/:companyId/:file', lookups, async (req, res) => {
    const m = /^([0-9a-f]{64})\.crl$/.exec(String(req.params.file));
    if (!m) throw new AppError('NOT_FOUND');
    const crl = await deps.stores.signatures.caCrl(String(req.params.companyId).toLowerCase(), m[1], deps.config.caKeySecret);
    if (!crl) throw new AppError('NOT_FOUND');
    res.setHeader('Content-Type', 'application/pkix-crl');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.send(crl);
  });
  return r;
}
