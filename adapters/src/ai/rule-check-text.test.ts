import type { AuditItem } from '@grain/domain';
import type { AuditInput } from './auditor';
import { RuleBasedAuditor } from './rule-based-auditor';
import { summarizeRuleBased } from './rule-summarizer';
import { deficientSamples } from './sample-documents';

/**
 * The embedded auditor's sentences, read as a person reads them: whole sentences in English and in
 * Vietnamese built from the fields, whatever the fields hold (the review once saw "The plans name no
 * business." beside a registration that named one).
 */
const asOf = new Date('2026-03-15T00:00:00Z');
const summarize = (set: ReturnType<typeof deficientSamples>): AuditInput => {
  const doc = <T>(t: keyof typeof set) => ({ summary: summarizeRuleBased(t, set[t].join('\n')) as T, text: set[t].join('\n') });
  return {
    establishment: doc('establishment_update'),
    haccpPlan: doc('haccp_plan_update'),
    managementPlan: doc('management_plan_update'),
    pestControl: doc('pest_control_update'),
  };
};
const audit = async (input: AuditInput) =>
  new Map((await new RuleBasedAuditor().audit(input, { asOf })).compliance_audit.map((i) => [i.compliance_check_item, i] as [string, AuditItem]));

describe('evidence sentences of the rule-based checks', () => {
  it('say which plan names which business, or that neither names one, in both languages', async () => {
    const input = summarize(deficientSamples(asOf));
    input.haccpPlan.summary.haccp_plan.business_name = '';
    input.managementPlan.summary.management_plan.farm_name = '';
    const none = (await audit(input)).get('documents_name_same_establishment')!;
    expect(none.evidence).toBe('The registration names "Dry Creek Farm", but neither the HACCP plan nor the farm management plan names a business.');
    expect(none.vn!.evidence).toBe(
      'Giấy đăng ký ghi "Dry Creek Farm", nhưng cả kế hoạch HACCP lẫn kế hoạch quản lý trang trại đều không ghi tên doanh nghiệp.',
    );
    input.managementPlan.summary.management_plan.farm_name = 'Wimmera Grain Storage';
    const other = (await audit(input)).get('documents_name_same_establishment')!;
    expect(other.evidence).toBe(
      'The registration names "Dry Creek Farm", but the farm management plan names "Wimmera Grain Storage"; the HACCP plan names no business: not the registered business.',
    );
    input.haccpPlan.summary.haccp_plan.business_name = 'Dry Creek Farm';
    const one = (await audit(input)).get('documents_name_same_establishment')!;
    expect(one).toMatchObject({ result: 'Compliant' });
    expect(one.evidence).toBe(
      'The registration names "Dry Creek Farm"; the HACCP plan names "Dry Creek Farm" and the farm management plan names "Wimmera Grain Storage".',
    );
  });

  it('write every requirement, evidence and recommendation in Vietnamese too, as sentences', async () => {
    const items = await audit(summarize(deficientSamples(asOf)));
    expect(items.size).toBe(15);
    for (const i of items.values()) {
      for (const [en, vn] of [
        [i.evidence, i.vn?.evidence],
        [i.recommendations, i.vn?.recommendations],
        [i.requirement, i.vn?.requirement],
      ]) {
        expect(vn).toBeTruthy();
        expect(vn).not.toBe(en);
        // Vietnamese text (regulation titles and quotes aside) has its diacritics, and ends as a sentence.
        expect(vn!.replace(/"[^"]*"/g, '')).toMatch(/[ạảãàáâậầấẩẫăắằặẳẵđêềếểễệìíịỉĩòóọỏõôồốổỗộơờớởỡợùúụủũưừứửữự]/);
        expect(en).toMatch(/[.)]$/);
      }
    }
    const pest = items.get('pest_control_chemicals_recorded')!;
    expect(pest.evidence).toBe('No entry names the bait or chemical used.');
    expect(pest.vn!.evidence).toBe('Không mục nào ghi mồi hoặc hóa chất đã dùng.');
    expect(items.get('haccp_plan_review')!.evidence).toMatch(
      /^The HACCP plan was last reviewed on \d{2}\/\d{2}\/\d{4}, 800 days before the audit date, more than a year\.$/,
    );
    expect(items.get('haccp_plan_review')!.vn!.evidence).toMatch(
      /^Kế hoạch HACCP được xem xét lần cuối ngày \d{2}\/\d{2}\/\d{4}, 800 ngày trước ngày kiểm tra, quá một năm\.$/,
    );
  });
});
