/** Certificate templates (the form's template bar and /views/template/list), real save and load. */
import type { Router } from 'express';
import { featureRouter } from '../http/params';
import { AppError, refId, templateInput, type OkAnswer, type TemplateAnswer, type TemplateListAnswer, type TemplateView } from '@grain/domain';
import type { ApprovalTemplate } from '@grain/persistence';
import { requirePermission } from '../http/auth-middleware';
import { resolveSigners } from './commands/resolve-input';
import { scopeOf } from '../http/scope';
import type { CertCtx } from './certificate-context';

const templateView = (t: ApprovalTemplate): TemplateView => ({
  _id: t.id,
  approvalName: t.approvalName,
  priority: t.priority,
  approvalLevels: t.levels.map((l) => ({
    group: l.group,
    signatures: l.signatures,
    dueInDays: l.dueInDays,
    signers: l.signers.map((s) => ({ _id: s.id, fullName: s.name, email: s.email, role: s.role })),
  })),
  createdBy: t.createdBy.name,
  createdOn: t.createdAt,
});

export function templateRoutes(ctx: CertCtx): Router {
  const r = featureRouter();
  const store = ctx.stores.templates;

  r.get('/company/approvaltemplates', requirePermission('viewApproval'), async (req, res) => {
    res.json({ templates: (await store.list(scopeOf(req).companyId)).map(templateView) } satisfies TemplateListAnswer);
  });

  r.post('/company/approvaltemplate/create', requirePermission('editApproval'), async (req, res) => {
    const { companyId } = scopeOf(req);
    const body = templateInput.parse(req.body);
    const levels = [];
    for (const l of body.approvalLevels) {
      levels.push({
        group: l.group,
        signatures: l.signatures,
        dueInDays: l.dueInDays,
        signers: await resolveSigners(ctx.stores, companyId, l.signers.map(refId)),
      });
    }
    const t = await store.save(companyId, { id: req.user!.id, name: req.user!.fullName }, { approvalName: body.approvalName, priority: body.priority, levels });
    res.status(201).json({ approvalTemplate: templateView(t) } satisfies TemplateAnswer);
  });

  r.get('/company/approvaltemplate/:id', requirePermission('viewApproval'), async (req, res) => {
    const t = await store.get(scopeOf(req).companyId, String(req.params.id));
    if (!t) throw new AppError('NOT_FOUND');
    res.json({ approvalTemplate: templateView(t) } satisfies TemplateAnswer);
  });

  r.post('/company/approvaltemplate/:id/delete', requirePermission('editApproval'), async (req, res) => {
    if (!(await store.remove(scopeOf(req).companyId, String(req.params.id)))) throw new AppError('NOT_FOUND');
    res.json({ ok: true } satisfies OkAnswer);
  });

  return r;
}
