import { daysFromNow, useCertHarness } from './certificates.test-harness';
import type { SeededCompany } from '../testing/session';

/** The standard check a certificate keeps, and the deviation reason a failing farm record needs. */
const h = useCertHarness();

const day = daysFromNow;

async function record(company: SeededCompany, grade: 'APW' | 'APH', protein: number, moisture: number): Promise<string> {
  const r = await h.t.deps.stores.farmData.create(company.companyId, company.users.admin.id, {
    grainType: 'Wheat',
    harvestGrade: grade,
    storageLocation: 'Silo 3',
    quantity: 860,
    protein,
    moisture,
    productionDate: '2025-11-10',
    dataType: 'Manual',
  });
  await h.t.db.knex('farm_data').where({ id: r._id }).update({ image_validation: 'Verified' });
  return r._id;
}

const body = (farmId: string, status: 'created' | 'signing', deviationReason?: string) => ({
  approvalNumber: `STD${Date.now()}${Math.floor(Math.random() * 1000)}`,
  approvalName: 'Wheat lot',
  priority: 'High',
  approvalDoc: { _id: farmId },
  supportDocs: [],
  approvalLevels: [{ group: 'Inspection Signing', signers: [h.acme.users.signer.id], signatures: 1, deadline: day(3) }],
  status,
  ...(deviationReason !== undefined && { deviationReason }),
});

describe('certificate standard check', () => {
  it('keeps on a submitted APW certificate that protein 11.5 % and moisture 11 % pass, with the standard and season', async () => {
    const manager = await h.as('manager');
    const res = await manager
      .post('/api/company/approval/create')
      .send(body(await record(h.acme, 'APW', 11.5, 11), 'signing'))
      .expect(201);
    expect(res.body.approval.approvalDoc.standardCheck).toMatchObject({
      result: 'pass',
      harvestGrade: 'APW',
      grade: 'APW1',
      standardId: 'AU-GRAIN-2025/26',
      season: '2025/26',
      requirements: [
        { measure: 'protein', measured: 11.5, min: 10.5, pass: true },
        { measure: 'moisture', measured: 11, max: 12.5, pass: true },
      ],
    });
  });

  it('saves a draft of a record failing its claimed grade, but submits it only with a deviation reason', async () => {
    const manager = await h.as('manager');
    const farmId = await record(h.acme, 'APH', 11.5, 11);
    const draft = await manager.post('/api/company/approval/create').send(body(farmId, 'created')).expect(201);
    expect(draft.body.approval.approvalDoc.standardCheck).toMatchObject({
      result: 'fail',
      requirements: [{ measure: 'protein', measured: 11.5, min: 13, pass: false }, { pass: true }],
    });

    const refused = await manager
      .post('/api/company/approval/create')
      .send(body(farmId, 'signing', '  '))
      .expect(400);
    expect(refused.body.code).toBe('STANDARD_DEVIATION_REASON_REQUIRED');
    expect(refused.body.invalidMsg).toMatch(/does not meet the standard of its claimed grade/);

    const issued = await manager
      .post('/api/company/approval/create')
      .send(body(farmId, 'signing', 'Sold as APH by agreement with the buyer at 11.5 % protein'))
      .expect(201);
    expect(issued.body.approval.status).toBe('signing');
    expect(issued.body.approval.approvalDoc.standardCheck).toMatchObject({
      result: 'fail',
      deviationReason: 'Sold as APH by agreement with the buyer at 11.5 % protein',
    });
  });
});
