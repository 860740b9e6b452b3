import type { AuditItem, ComplianceDocumentType } from '@grain/domain';
import { pestControlSummarySchema } from '@grain/domain';
import type { AuditInput } from './auditor';
import { RuleBasedAuditor } from './rule-based-auditor';
import { compliantSamples, deficientSamples, type SampleSet } from './sample-documents';

const asOf = new Date('2026-03-15T00:00:00Z');
const auditor = new RuleBasedAuditor();

async function auditSet(set: SampleSet): Promise<{ input: AuditInput; items: Map<string, AuditItem> }> {
  const text = (t: ComplianceDocumentType) => set[t].join('\n');
  const input: AuditInput = {
    establishment: { summary: await auditor.summarize('establishment_update', text('establishment_update')), text: text('establishment_update') },
    haccpPlan: { summary: await auditor.summarize('haccp_plan_update', text('haccp_plan_update')), text: text('haccp_plan_update') },
    managementPlan: { summary: await auditor.summarize('management_plan_update', text('management_plan_update')), text: text('management_plan_update') },
    pestControl: { summary: await auditor.summarize('pest_control_update', text('pest_control_update')), text: text('pest_control_update') },
  };
  const report = await auditor.audit(input, { asOf });
  return { input, items: new Map(report.compliance_audit.map((i) => [i.compliance_check_item, i])) };
}

describe('embedded rule-based auditor', () => {
  it('summarises each document type into the spec shapes, quoting the text', async () => {
    const { input } = await auditSet(compliantSamples(asOf));
    expect(input.establishment.summary.establishment_registration_document).toMatchObject({
      name_of_establishment: 'Green Valley Grains Pty Ltd',
      address: '1250 Wimmera Highway, Horsham VIC 3400, Australia',
      telephone: '+61 3 5382 1100',
      website: 'https://www.greenvalleygrains.com.au',
      registration_number: 'EST-4471-VIC',
    });
    expect(input.haccpPlan.summary.haccp_plan.critical_limits).toContain('12.5%');
    expect(input.haccpPlan.summary.haccp_plan.record_keeping).toContain('five years');
    const pest = pestControlSummarySchema.parse(input.pestControl.summary);
    expect(pest.entries).toHaveLength(2);
    expect(pest.entries[1]).toEqual({
      date: '2026-03-03',
      pests_treating_for: ['Lesser grain borer', 'Rats'],
      activity_level: { 'Lesser grain borer': 'Low', Rats: 'None' },
      bait_chemical_used: ['Phosphine (aluminium phosphide)', 'Brodifacoum 0.005% wax blocks'],
      area_shed_treated: ['Silo 3', 'Shed 1'],
    });
  });

  it('finds a compliant set compliant on every check, each naming its regulation and quoting evidence', async () => {
    const { items } = await auditSet(compliantSamples(asOf));
    expect(items.size).toBe(15);
    for (const i of items.values()) {
      expect(i).toMatchObject({ result: 'Compliant' });
      expect(i.requirement).toMatch(/Rules 2021|Standards Code|FSSAI|Codex|Act 19|Act 20/);
      expect(i.evidence.length).toBeGreaterThan(20);
    }
    expect(items.get('haccp_seven_principles')!.evidence).toMatch(/^The plan documents all 7 HACCP principles\. Under hazard analysis it says "Biological/);
    expect(items.get('pest_control_records_recent')!.evidence).toBe(
      'The latest of 2 log entries is dated 03/03/2026 (Lesser grain borer and Rats; Phosphine (aluminium phosphide) and Brodifacoum 0.005% wax blocks; Silo 3 and Shed 1), 12 days before the audit date; the limit is 90 days.',
    );
    expect(items.get('documents_name_same_establishment')!.evidence).toBe(
      'The registration names "Green Valley Grains Pty Ltd"; the HACCP plan names "Green Valley Grains Pty Ltd" and the farm management plan names "Green Valley Grains Pty Ltd".',
    );
  });

  it('finds the gaps of a deficient set and says what is missing and what to do', async () => {
    const { items } = await auditSet(deficientSamples(asOf));
    const bad = [...items.values()].filter((i) => i.result === 'Non-Compliant').map((i) => i.compliance_check_item);
    expect(bad.sort()).toEqual([
      'establishment_registration_details',
      'establishment_registration_number',
      'haccp_critical_limits_measurable',
      'haccp_monitoring_and_corrective_actions',
      'haccp_plan_review',
      'haccp_seven_principles',
      'management_plan_chemical_handling',
      'management_plan_staff_training',
      'management_plan_traceability',
      'pest_activity_monitoring',
      'pest_control_areas_recorded',
      'pest_control_chemicals_recorded',
      'pest_control_records_recent',
    ]);
    expect(items.get('establishment_registration_details')!.evidence).toBe(
      'The registration gives the name "Dry Creek Farm" and the address "Lot 7 Dry Creek Road, Nhill VIC 3418". It does not give a contact telephone number or e-mail address.',
    );
    expect(items.get('haccp_seven_principles')!.evidence).toMatch(
      /^The plan documents 3 of the 7 HACCP principles \(hazard analysis, critical control points and critical limits\); it does not document monitoring, corrective actions, verification or record keeping\./,
    );
    expect(items.get('haccp_critical_limits_measurable')!.evidence).toBe(
      'The critical limits read "grain should be kept dry", which states no measurable value (a number with a unit).',
    );
    expect(items.get('pest_control_records_recent')!.evidence).toContain('150 days before the audit date');
    expect(items.get('pest_control_chemicals_recorded')!.recommendations).toMatch(/APVMA/);
    expect(items.get('management_plan_storage_hygiene')!.result).toBe('Compliant');
    expect(items.get('documents_name_same_establishment')!.result).toBe('Compliant');
  });
});
