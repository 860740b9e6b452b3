/** Certificate templates (the form's template bar and /views/template/list), real save and load. */
import type { Request, Router } from 'express';
import { featureRouter } from '../http/params';
import { templateInput, type OkAnswer, type TemplateAnswer, type TemplateListAnswer, type TemplateView } from '@grain/domain';
import type { ApprovalTemplate } from '@grain/persistence';
import { requirePermission } from '../http/auth-middleware';
import { callerOf, type CertCtx } from './certificate-context';
import { listTemplates } from './commands/list-templates';
import { removeTemplate } from './commands/remove-template';
import { saveTemplate } from './commands/save-template';
import { showTemplate } from './commands/show-template';

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
  const one = (req: Request) => ({ caller: callerOf(req), templateId: String(req.params.id) });

  r.get('/company/approvaltemplates', requirePermission('viewApproval'), async (req, res) => {
    res.json({ templates: (await listTemplates({ caller: callerOf(req) }, ctx)).map(templateView) } satisfies TemplateListAnswer);
  });
  r.post('/company/approvaltemplate/create', requirePermission('editApproval'), async (req, res) => {
    const input = templateInput.parse(req.body);
    res.status(201).json({ approvalTemplate: templateView(await saveTemplate({ caller: callerOf(req), input }, ctx)) } satisfies TemplateAnswer);
  });
  r.get('/company/approvaltemplate/:id', requirePermission('viewApproval'), async (req, res) => {
    res.json({ approvalTemplate: templateView(await showTemplate(one(req), ctx)) } satisfies TemplateAnswer);
  });
  r.post('/company/approvaltemplate/:id/delete', requirePermission('editApproval'), async (req, res) => {
    await removeTemplate(one(req), ctx);
    res.json({ ok: true } satisfies OkAnswer);
  });
  return r;
}
