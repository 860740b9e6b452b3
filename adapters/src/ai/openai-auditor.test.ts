/**
 * The OpenAI auditor against a LOCAL OpenAI-compatible HTTP endpoint started by this test on loopback
 * (not the real OpenAI service): it checks the requests the adapter sends (model, strict JSON-schema
 * structured output, the document text) and answers in the chat-completions format. Its "model" is
 * the embedded rule-based summariser, so the answers follow from the documents sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAppError } from '@grain/domain';
import { OpenAiAuditor } from './openai-auditor';
import { summarizeRuleBased } from './rule-summarizer';
import { compliantSamples } from './sample-documents';

type Body = {
  model: string;
  temperature: number;
  messages: Array<{ role: string; content: string }>;
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: any } };
};
const requests: Body[] = [];
let mode: 'normal' | 'garbage' = 'normal';
let server: http.Server;
let baseURL: string;

const TYPE_OF_SCHEMA: Record<string, any> = {
  establishment_registration_summary: 'establishment_update',
  haccp_plan_summary: 'haccp_plan_update',
  farm_management_plan_summary: 'management_plan_update',
  pest_control_summary: 'pest_control_update',
};

function answer(body: Body): unknown {
  const name = body.response_format.json_schema.name;
  if (name === 'compliance_audit') {
    return {
      compliance_audit: [
        {
          compliance_check_item: 'establishment_registration_details',
          result: 'Compliant',
          requirement: 'Export Control (Plants and Plant Products) Rules 2021 (Cth)',
          evidence: 'Name: "Green Valley Grains Pty Ltd"',
          recommendations: '',
        },
      ],
    };
  }
  const text = /"""\n([\s\S]*)\n"""/.exec(body.messages[1].content)![1];
  const s = summarizeRuleBased(TYPE_OF_SCHEMA[name], text) as any;
  if (name === 'pest_control_summary') {
    s.entries = s.entries.map((e: any) => ({ ...e, activity_level: Object.entries(e.activity_level).map(([pest, level]) => ({ pest, level })) }));
  }
  return s;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions' || req.headers.authorization !== 'Bearer sk-local-test') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as Body;
      requests.push(body);
      const content = mode === 'garbage' ? '{"not":"the shape"}' : JSON.stringify(answer(body));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-local',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('OpenAI auditor (against a local OpenAI-compatible endpoint on loopback, not api.openai.com)', () => {
  it('asks for strict JSON-schema output with the document text and maps the answer to the domain shape', async () => {
    const auditor = new OpenAiAuditor({ apiKey: 'sk-local-test', baseURL, model: 'gpt-4o-mini' });
    const text = compliantSamples(new Date('2026-03-15Z')).pest_control_update.join('\n');
    const summary = await auditor.summarize('pest_control_update', text);
    const req = requests.at(-1)!;
    expect(req).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'pest_control_summary', strict: true } },
    });
    expect(req.response_format.json_schema.schema.additionalProperties).toBe(false);
    expect(req.messages[1].content).toContain('Bait/Chemicals used: Brodifacoum 0.005% wax blocks');
    expect(summary.entries[1].activity_level).toEqual({ 'Lesser grain borer': 'Low', Rats: 'None' });
    expect(summary.pest_control_operator).toBe('Wimmera Pest Services (licence PC-2231)');
    expect(auditor.auditor).toEqual({ kind: 'ai', model: 'gpt-4o-mini' });
  });

  it('sends the audit date and all four documents, and validates the report it gets back', async () => {
    const auditor = new OpenAiAuditor({ apiKey: 'sk-local-test', baseURL, model: 'gpt-4o-mini' });
    const s = compliantSamples(new Date('2026-03-15Z'));
    const input = {
      establishment: { summary: await auditor.summarize('establishment_update', s.establishment_update.join('\n')), text: s.establishment_update.join('\n') },
      haccpPlan: { summary: await auditor.summarize('haccp_plan_update', s.haccp_plan_update.join('\n')), text: s.haccp_plan_update.join('\n') },
      managementPlan: {
        summary: await auditor.summarize('management_plan_update', s.management_plan_update.join('\n')),
        text: s.management_plan_update.join('\n'),
      },
      pestControl: { summary: await auditor.summarize('pest_control_update', s.pest_control_update.join('\n')), text: s.pest_control_update.join('\n') },
    };
    const report = await auditor.audit(input, { asOf: new Date('2026-03-15T00:00:00Z') });
    const req = requests.at(-1)!;
    expect(req.response_format.json_schema.name).toBe('compliance_audit');
    expect(req.messages[0].content).toContain('Audit date: 2026-03-15');
    expect(req.messages[0].content).toContain('Export Control (Plants and Plant Products) Rules 2021');
    for (const h of ['ESTABLISHMENT REGISTRATION', 'HACCP PLAN', 'FARM MANAGEMENT PLAN', 'PEST CONTROL PLAN'])
      expect(req.messages[1].content).toContain(`### ${h}`);
    expect(report.compliance_audit[0]).toMatchObject({ compliance_check_item: 'establishment_registration_details', result: 'Compliant' });
  });

  it('refuses an answer that does not have the asked shape with AI_SERVICE_FAILED', async () => {
    mode = 'garbage';
    const auditor = new OpenAiAuditor({ apiKey: 'sk-local-test', baseURL, model: 'gpt-4o-mini' });
    const err = await auditor.summarize('haccp_plan_update', 'HACCP Plan\nHazard Analysis: insects').catch((e) => e);
    mode = 'normal';
    expect(isAppError(err) && err.code).toBe('AI_SERVICE_FAILED');
    const wrongKey = await new OpenAiAuditor({ apiKey: 'sk-wrong', baseURL, model: 'gpt-4o-mini' }).summarize('haccp_plan_update', 'x').catch((e) => e);
    expect(wrongKey.status).toBe(404);
  });
});
