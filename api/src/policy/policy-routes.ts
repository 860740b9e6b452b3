import type { Router } from 'express';
import { featureRouter } from '../http/params';
import { z } from 'zod';
import { AppError, type PolicyActionListAnswer, type PolicyOrganisationListAnswer } from '@grain/domain';
import type { ApiDeps } from '../deps';
import { requireUser } from '../http/auth-middleware';
import { POLICY_ACTIONS } from './data/policy-actions';
import { POLICY_ORGANISATIONS } from './data/policy-organisations';
import { contentDisposition } from '../http/file-checks';
import { ReferencePdfCache } from './policy-pdf';
import { parseInput } from '../http/parse-input';

const fileBody = z.object({ fileName: z.string().max(200) });

/** Policy reference (docs/spec/farm-data-and-documents.md §7): organisations, actions per process, and reference PDFs by file name. */
export function createPolicyRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const pdfs = new ReferencePdfCache(deps.adapters.pdf);
  const country = (v: unknown) => (v === 'AU' || v === 'IN' ? v : undefined);

  r.get('/policy/policyorg/list', requireUser, (req, res) => {
    const c = country(req.query.country);
    res.json({ policyOrganisationList: POLICY_ORGANISATIONS.filter((o) => !c || o.Country === c) } satisfies PolicyOrganisationListAnswer);
  });

  r.get('/policy/policyaction/list', requireUser, (_req, res) => {
    res.json({ policyActionsList: POLICY_ACTIONS } satisfies PolicyActionListAnswer);
  });

  // Only names from the list are served; a name is a lookup key, never a path.
  r.post('/policy/policyorg/file', requireUser, async (req, res) => {
    const { fileName } = parseInput(fileBody, req.body ?? {});
    const org = POLICY_ORGANISATIONS.find((o) => o.FileName === fileName);
    if (!org) throw new AppError('NOT_FOUND');
    const pdf = await pdfs.get(org);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', contentDisposition('inline', org.FileName));
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.send(pdf);
  });

  return r;
}
