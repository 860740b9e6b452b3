import OpenAI from 'openai';
import {
  AppError,
  auditReportSchema,
  establishmentSummarySchema,
  haccpSummarySchema,
  managementPlanSummarySchema,
  pestControlSummarySchema,
  type AuditReport,
  type ComplianceDocumentType,
} from '@grain/domain';
import type { AdapterInfo } from '../port';
import type { AuditInput, Auditor, SummaryOf } from './auditor';
import { AUDIT_SCHEMA, SUMMARY_SCHEMAS } from './openai-schemas';
import { REGULATIONS } from './regulations';

const MAX_DOC_CHARS = 24_000;
const DOC_LABEL: Record<ComplianceDocumentType, string> = {
  establishment_update: 'establishment registration document',
  haccp_plan_update: 'HACCP plan',
  management_plan_update: 'farm management plan',
  pest_control_update: 'pest control plan and treatment log',
};
const ZOD = {
  establishment_update: establishmentSummarySchema,
  haccp_plan_update: haccpSummarySchema,
  management_plan_update: managementPlanSummarySchema,
  pest_control_update: pestControlSummarySchema,
};

export interface OpenAiAuditorOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Per-request timeout; the activity's own retry policy handles retries. */
  timeoutMs?: number;
}

/**
 * The auditor backed by an OpenAI (or OpenAI-compatible) chat completions endpoint, with JSON-schema
 * structured output so the answer has exactly the summary / report shape. An answer that still fails
 * validation is AppError AI_SERVICE_FAILED; transport errors are thrown as they are (retryable).
 */
export class OpenAiAuditor implements Auditor {
  readonly auditor: { kind: 'ai'; model: string };
  private readonly client: OpenAI;
  constructor(private readonly opts: OpenAiAuditorOptions) {
    this.client = new OpenAI({ apiKey: opts.apiKey, baseURL: opts.baseURL, timeout: opts.timeoutMs ?? 120_000, maxRetries: 1 });
    this.auditor = { kind: 'ai', model: opts.model };
  }
  info(): AdapterInfo {
    return { kind: 'real', detail: `OpenAI ${this.opts.model} at ${this.opts.baseURL ?? 'api.openai.com'}` };
  }
  async ping() {
    await this.client.models.list();
  }

  private async structured(schema: { name: string; schema: Record<string, unknown> }, system: string, user: string): Promise<unknown> {
    const r = await this.client.chat.completions.create({
      model: this.opts.model,
      temperature: 0,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      response_format: { type: 'json_schema', json_schema: { name: schema.name, strict: true, schema: schema.schema } },
    });
    const msg = r.choices[0]?.message;
    if (!msg?.content || msg.refusal) throw new AppError('AI_SERVICE_FAILED', undefined, `no content${msg?.refusal ? `: ${msg.refusal}` : ''}`);
    try {
      return JSON.parse(msg.content);
    } catch {
      throw new AppError('AI_SERVICE_FAILED', undefined, 'answer is not JSON');
    }
  }

  async summarize<T extends ComplianceDocumentType>(type: T, text: string): Promise<SummaryOf<T>> {
    const raw = (await this.structured(
      SUMMARY_SCHEMAS[type],
      `You extract facts from a farm's ${DOC_LABEL[type]} for a grain export compliance audit. Copy values verbatim from the document; use "" (or an empty list) when the document does not state something. Never invent values. Dates as written.`,
      `Document text:\n"""\n${text.slice(0, MAX_DOC_CHARS)}\n"""`,
    )) as Record<string, unknown>;
    if (type === 'pest_control_update' && Array.isArray(raw.entries)) {
      raw.entries = raw.entries.map((e: Record<string, unknown>) => ({
        ...e,
        activity_level: Object.fromEntries(((e.activity_level as Array<{ pest: string; level: string }>) ?? []).map((a) => [a.pest, a.level])),
      }));
    }
    const parsed = ZOD[type].safeParse(raw);
    if (!parsed.success) throw new AppError('AI_SERVICE_FAILED', undefined, `summary does not match the ${type} shape`);
    return parsed.data as SummaryOf<T>;
  }

  async audit(input: AuditInput, opts: { asOf: Date }): Promise<AuditReport> {
    const docs = [
      ['ESTABLISHMENT REGISTRATION', input.establishment],
      ['HACCP PLAN', input.haccpPlan],
      ['FARM MANAGEMENT PLAN', input.managementPlan],
      ['PEST CONTROL PLAN', input.pestControl],
    ] as const;
    const body = docs
      .map(([name, d]) => `### ${name}\nSummary: ${JSON.stringify(d.summary)}\nText:\n"""\n${d.text.slice(0, MAX_DOC_CHARS / 4)}\n"""`)
      .join('\n\n');
    const raw = await this.structured(
      AUDIT_SCHEMA,
      [
        'You are a compliance auditor for an Australian grain farm that exports barley and wheat (Australian and Indian requirements).',
        `Audit date: ${opts.asOf.toISOString().slice(0, 10)}.`,
        'Produce one item per check, snake_case compliance_check_item names. Cover at least: establishment registration details and number;',
        'HACCP seven principles, measurable critical limits, monitoring and corrective actions, annual review; pest control records recent (within 90 days),',
        'chemicals and areas recorded, activity monitored; farm management plan storage/hygiene, chemical handling, traceability, staff training.',
        `In requirement, name the regulation, choosing from: ${Object.values(REGULATIONS).join('; ')}.`,
        'In evidence, quote the documents verbatim in double quotes, or say plainly what is missing. result is Compliant or Non-Compliant.',
        'In recommendations, give a concrete corrective step for Non-Compliant items.',
        'In vn, give the same requirement, evidence and recommendations in Vietnamese (keep regulation names and quotes as written).',
      ].join(' '),
      body,
    );
    const parsed = auditReportSchema.safeParse(raw);
    if (!parsed.success) throw new AppError('AI_SERVICE_FAILED', undefined, 'audit does not match the report shape');
    return parsed.data;
  }
}
