import { ChromiumPdfRenderer } from '../pdf/pdf-renderer';
import { ExtractionPool } from '../text-extract';
import { blocksDocx, blocksHtml, COMPLIANCE_CORPUS, type CorpusDocument, type ProseExpectation } from './corpus';
import { WIMMERA_CORPUS } from './corpus/wimmera-corpus';

/**
 * The corpus of realistic farm documents through the real reading path: each document is made into
 * its file (Word XML built here, PDF printed by Chromium), its text extracted and summarised by the
 * embedded rules in the extraction pool's worker threads, exactly as an upload is, and the summary
 * compared field by field with what a person reads from the document.
 */
const pdf = new ChromiumPdfRenderer();
const pool = new ExtractionPool({ size: 1 });
afterAll(async () => {
  await pool.close();
  await pdf.close();
});

async function fileOf(d: CorpusDocument): Promise<Buffer> {
  return d.format === 'docx' ? blocksDocx(d.blocks) : pdf.render(blocksHtml(d.blocks, { landscape: d.landscape }), { landscape: d.landscape });
}

const isProse = (e: unknown): e is ProseExpectation => !!e && typeof e === 'object' && 'has' in e;

/** Every field where the summary differs from what a person reads, as readable lines. */
function mismatches(expected: Record<string, unknown>, actual: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [field, want] of Object.entries(expected)) {
    const got = actual[field];
    if (isProse(want)) {
      const text = String(got ?? '');
      for (const h of want.has) if (!text.includes(h)) out.push(`${field}: lacks "${h}" in ${JSON.stringify(text)}`);
      for (const n of want.not ?? []) if (text.includes(n)) out.push(`${field}: runs into the next section ("${n}") in ${JSON.stringify(text)}`);
    } else if (JSON.stringify(got) !== JSON.stringify(want)) out.push(`${field}: expected ${JSON.stringify(want)}, read ${JSON.stringify(got)}`);
  }
  return out;
}

describe('the corpus of realistic farm documents is read as a person reads it', () => {
  it.each(COMPLIANCE_CORPUS.map((d) => [d.fileName, d] as const))(
    '%s',
    async (_name, d) => {
      const { text, kind } = await pool.extract(await fileOf(d), d.fileName);
      expect(kind).toBe(d.format);
      const summary = (await pool.summarize(d.expected.type, text)) as Record<string, Record<string, unknown>>;
      const e = d.expected;
      const actual =
        e.type === 'establishment_update'
          ? summary.establishment_registration_document
          : e.type === 'haccp_plan_update'
            ? summary.haccp_plan
            : e.type === 'management_plan_update'
              ? summary.management_plan
              : (summary as unknown as Record<string, unknown>);
      const wrong =
        e.type === 'pest_control_update'
          ? [
              ...mismatches({ pest_control_operator: e.fields.pest_control_operator }, actual),
              ...(e.fields.entries.length !== (actual.entries as unknown[]).length
                ? [`entries: expected ${e.fields.entries.length}, read ${(actual.entries as unknown[]).length}: ${JSON.stringify(actual.entries)}`]
                : e.fields.entries.flatMap((want, i) =>
                    mismatches(want, (actual.entries as Array<Record<string, unknown>>)[i]).map((m) => `entry ${i + 1} ${m}`),
                  )),
            ]
          : mismatches(e.fields, actual);
      expect({ text: wrong.length ? text : '', wrong }).toEqual({ text: '', wrong: [] });
    },
    60_000,
  );
});

describe("one site's four realistic plans (the Wimmera set) through the rule-based audit", () => {
  it('passes every check the documents satisfy, with evidence quoting what they say (no N/A)', async () => {
    const { RuleBasedAuditor } = await import('./rule-based-auditor');
    const auditor = new RuleBasedAuditor();
    const byType = Object.fromEntries(
      await Promise.all(
        WIMMERA_CORPUS.map(async (d) => {
          const { text } = await pool.extract(await fileOf(d), d.fileName);
          return [d.expected.type, { summary: await pool.summarize(d.expected.type, text), text }] as const;
        }),
      ),
    ) as Record<string, { summary: never; text: string }>;
    const report = await auditor.audit(
      {
        establishment: byType.establishment_update,
        haccpPlan: byType.haccp_plan_update,
        managementPlan: byType.management_plan_update,
        pestControl: byType.pest_control_update,
      },
      { asOf: new Date('2026-11-26T00:00:00Z') },
    );
    const failed = report.compliance_audit.filter((i) => i.result !== 'Compliant').map((i) => `${i.compliance_check_item}: ${i.evidence}`);
    expect(failed).toEqual([]);
    const evidence = Object.fromEntries(report.compliance_audit.map((i) => [i.compliance_check_item, i.evidence]));
    expect(evidence.pest_control_records_recent).toBe(
      'The latest of 3 log entries is dated 21/10/2026 (insects and rodents; Bromadiolone wax blocks; Silo 4, workshop and bait stations 15–18), 36 days before the audit date; the limit is 90 days.',
    );
    expect(evidence.pest_activity_monitoring).toBe(
      'All 3 entries record the pests targeted and their activity, for example on 12/08/2026: insects (no live insects found).',
    );
    expect(evidence.haccp_plan_review).toBe('The HACCP plan was last reviewed on 02/02/2026, 297 days before the audit date.');
    expect(JSON.stringify(report)).not.toMatch(/N\/A|""/);
  }, 60_000);
});
