import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { isUuid, type Priority, type Signer } from '@grain/domain';

/** One level of a template: who signs and how many, and how many days after creation it is due. */
export interface TemplateLevel {
  group: string;
  signers: Signer[];
  signatures: number;
  /** Days from the day the template is loaded to the level's due date (a template has no fixed dates). */
  dueInDays: number;
}

export interface ApprovalTemplate {
  id: string;
  companyId: string;
  approvalName: string;
  priority?: Priority;
  levels: TemplateLevel[];
  createdBy: { id: string; name: string };
  createdAt: string;
  updatedAt: string;
}

export interface TemplateInput {
  approvalName: string;
  priority?: Priority;
  levels: TemplateLevel[];
}

/** Saved certificate layouts, always read and written within one company. */
export interface TemplateStore {
  list(companyId: string): Promise<ApprovalTemplate[]>;
  get(companyId: string, id: string): Promise<ApprovalTemplate | null>;
  /** Saves under the name: a template of the same name (case-insensitive) in the company is replaced. */
  save(companyId: string, by: { id: string; name: string }, input: TemplateInput): Promise<ApprovalTemplate>;
  remove(companyId: string, id: string): Promise<boolean>;
}

interface Row {
  id: string;
  company_id: string;
  approval_name: string;
  priority: string | null;
  levels: TemplateLevel[] | string;
  created_by: string;
  created_by_name: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const toTemplate = (r: Row): ApprovalTemplate => ({
  id: r.id,
  companyId: r.company_id,
  approvalName: r.approval_name,
  priority: (r.priority ?? undefined) as Priority | undefined,
  levels: typeof r.levels === 'string' ? JSON.parse(r.levels) : r.levels,
  createdBy: { id: r.created_by, name: r.created_by_name },
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

export class KnexTemplateStore implements TemplateStore {
  constructor(private readonly k: Knex) {}

  async list(companyId: string): Promise<ApprovalTemplate[]> {
    const rows: Row[] = await this.k('approval_templates').where({ company_id: companyId }).orderBy('created_at', 'desc').limit(500);
    return rows.map(toTemplate);
  }

  async get(companyId: string, id: string): Promise<ApprovalTemplate | null> {
    if (!isUuid(id)) return null;
    const row: Row | undefined = await this.k('approval_templates').where({ company_id: companyId, id }).first();
    return row ? toTemplate(row) : null;
  }

  async save(companyId: string, by: { id: string; name: string }, input: TemplateInput): Promise<ApprovalTemplate> {
    const levels = JSON.stringify(input.levels);
    const existing: Row | undefined = await this.k('approval_templates')
      .where({ company_id: companyId })
      .whereRaw('lower(approval_name) = lower(?)', [input.approvalName])
      .first();
    if (existing) {
      const [row] = await this.k('approval_templates')
        .where({ id: existing.id })
        .update({ levels, priority: input.priority ?? null, updated_at: this.k.fn.now() })
        .returning('*');
      return toTemplate(row);
    }
    const [row] = await this.k('approval_templates')
      .insert({
        id: randomUUID(),
        company_id: companyId,
        approval_name: input.approvalName,
        priority: input.priority ?? null,
        levels,
        created_by: by.id,
        created_by_name: by.name,
      })
      .returning('*');
    return toTemplate(row);
  }

  async remove(companyId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    // returning() rather than the affected count: PGlite's knex client does not report counts.
    const rows = await this.k('approval_templates').where({ company_id: companyId, id }).del().returning('id');
    return rows.length > 0;
  }
}
