import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChromiumPdfRenderer } from '@grain/adapters';
import { checkAgainstStandard, createCertificate, issuedCertificate, signatureFingerprint, type CertificateState, type FarmFacts } from '@grain/domain';
import { certificateHtml, qrSvg, verifyUrl } from './certificate-pdf';

/**
 * The certificate of quality rendered by the real renderer and read back by a PDF text extractor
 * (poppler's pdftotext), as a buyer's tools would read it: every fact with its label, in both languages.
 * With CERTIFICATE_PNG=<path> the page is also kept as a picture (docs/certificate-example.png).
 */
jest.setTimeout(60_000);

const pdf = new ChromiumPdfRenderer();
afterAll(() => pdf.close());
const dir = mkdtempSync(join(tmpdir(), 'certificate-pdf-'));

const farm: FarmFacts = { grainType: 'Wheat', harvestGrade: 'APW', protein: 11.5, moisture: 11, quantity: 860, storageLocation: 'Silo 3, Junee' };
const T = '2025-11-20T09:30:00.000Z';

function doneCertificate(facts: FarmFacts, deviationReason?: string): CertificateState {
  const check = checkAgainstStandard(facts);
  const s = createCertificate({
    id: 'c-1',
    approvalNumber: '202511201',
    approvalName: 'APW wheat, lot 7',
    companyId: COMPANY_ID,
    submitter: { id: 'u-sub', name: 'Sam Submitter', email: 'sam@acme.example' },
    approvalDoc: {
      id: 'f-1',
      name: 'Farm data 1732000000000',
      docType: 'farmData',
      farm: facts,
      standardCheck: { ...check, ...(deviationReason && { deviationReason }) },
    },
    supportDocs: [
      { id: 'd-1', name: 'Landscape photo.png', docType: 'report' },
      { id: 'd-2', name: 'Storage history.pdf', docType: 'certificate' },
    ],
    levels: [
      { group: 'Farm Data Signing', signers: [{ id: 'u-1', name: 'Ann Farmer', email: 'ann@acme.example', role: 'Farm manager' }], signatures: 1, deadline: T },
      {
        group: 'Inspection Signing',
        signers: [
          { id: 'u-2', name: 'Ivy Inspector', email: 'ivy@acme.example', role: 'Inspector' },
          { id: 'u-3', name: 'Dan Delegate', email: 'dan@acme.example', role: 'Inspector', delegatedBy: 'u-2' },
        ],
        signatures: 1,
        deadline: T,
      },
    ],
  });
  s.levels[0].signed = [
    { userId: 'u-1', name: 'Ann Farmer', at: '2025-11-20T10:00:00.000Z', signatureValue: 'sig-ann', contentHash: s.contentHash, txId: 'a'.repeat(64) },
  ];
  s.levels[1].signed = [
    {
      userId: 'u-3',
      name: 'Dan Delegate',
      onBehalfOf: 'u-2',
      at: '2025-11-21T08:15:00.000Z',
      signatureValue: 'sig-dan',
      contentHash: s.contentHash,
      txId: 'b'.repeat(64),
    },
  ];
  return { ...s, status: 'done', completedDate: '2025-11-21T08:15:00.000Z', chainId: 'c'.repeat(64) };
}

/** The company's id in the certificate (internal: it must not be printed). */
const COMPANY_ID = '6f1c2d3e-4b5a-4c7d-9e8f-0a1b2c3d4e5f';
const ISSUER = { name: 'Acme Grain Pty Ltd', address: '12 Silo Road, Junee NSW 2663, Australia', registration: '51824753556' };

async function render(
  s: CertificateState,
  name: string,
  issuer = ISSUER,
  more: { openCriticalActionsAtIssue?: number } = {},
): Promise<{ file: string; text: string; pages: number }> {
  const url = verifyUrl('https://grain.example', s.contentHash);
  const html = certificateHtml(
    issuedCertificate(s, {
      issuer,
      farmRecord: { number: '1732000000000', productionDate: '2025-11-10', txId: 'f'.repeat(64) },
      ...more,
    }),
    { url, svg: await qrSvg(url) },
  );
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, await pdf.render(html));
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  return { file, text, pages };
}

describe('certificate of quality PDF', () => {
  it('states the labelled facts of an APW certificate, both measurements passing with the standard and season, on one A4 page', async () => {
    const s = doneCertificate(farm);
    const { file, text, pages } = await render(s, 'apw');
    expect(pages).toBe(1);
    const facts: Array<[RegExp, string]> = [
      [/Certificate of Quality \/ Giấy chứng nhận chất lượng/, 'title'],
      [/Issued by \/ Đơn vị cấp Acme Grain Pty Ltd/, 'issuer'],
      [/Address \/ Địa chỉ 12 Silo Road, Junee NSW 2663, Australia/, 'address'],
      // the ABN as the ABR writes it, under its own name (the stored 11 digits are grouped 2-3-3-3)
      [/ABN \/ Mã số doanh nghiệp Úc \(ABN\) 51 824 753 556/, 'ABN'],
      [/Certificate number \/ Số chứng nhận 202511201/, 'number'],
      [/Certificate name \/ Tên chứng nhận APW wheat, lot 7/, 'name'],
      [/Date of issue \/ Ngày cấp 2025-11-21/, 'issue date'],
      [/Valid from \/ Có hiệu lực từ 2025-11-21/, 'valid from'],
      [/Valid to \/ Có hiệu lực đến 2028-11-21/, 'valid to'],
      [/Grain type \/ Loại hạt Wheat/, 'grain type'],
      [/Harvest grade \/ Hạng thu hoạch APW/, 'harvest grade'],
      [/Quantity \(tonnes\) \/ Số lượng \(tấn\) 860 t/, 'quantity with its unit'],
      [/Storage location \/ Nơi lưu trữ Silo 3, Junee/, 'storage'],
      [/Production date \/ Ngày sản xuất 2025-11-10/, 'production date'],
      [/Farm record \/ Bản ghi nông trại 1732000000000/, 'farm record'],
      [/Farm record \/ Bản ghi nông trại 1732000000000 Ledger transaction \/ Giao dịch sổ cái f{64}/, 'farm record tx'],
      [/season \/ niên vụ 2025\/26 · AU-GRAIN-2025\/26/, 'standard version'],
      [/Protein \/ Protein 11\.5 % ≥ 10\.5 % Pass \/ Đạt/, 'protein against its limit'],
      [/Moisture \/ Độ ẩm 11 % ≤ 12\.5 % Pass \/ Đạt/, 'moisture against its limit'],
      [/Landscape photo\.png \(report\)/, 'support document'],
      [/Storage history\.pdf \(certificate\)/, 'support document'],
      [/Level \/ Cấp 1: Farm Data Signing \(1\/1\)/, 'level 1'],
      [/Ann Farmer Farm manager 2025-11-20 10:00:00/, 'signer 1'],
      [/Dan Delegate Inspector 2025-11-21 08:15:00 Ivy Inspector/, 'signer 2 on behalf of'],
      [new RegExp(`Content hash / Mã băm nội dung ${s.contentHash.slice(0, 20)}`), 'content hash'],
      [/Ledger chain id \/ Mã chuỗi sổ cái c{20}/, 'chain id'],
      [/Scan to verify this certificate \/ Quét mã để xác minh chứng nhận/, 'verify'],
      [/https:\/\/grain\.example\/c\/[0-9a-f]{64}/, "verify link (the certificate's one link)"],
    ];
    const missing = facts.filter(([re]) => !re.test(text)).map(([, what]) => what);
    expect({ missing, text }).toEqual({ missing: [], text });
    for (const e of s.levels.flatMap((l) => l.signed)) expect(text).toContain(signatureFingerprint(e));
    expect(text).not.toMatch(/certification_number|membership_number|valid_from|chain_id/); // no payload keys as labels
    // no internal id: not the company's (the key to its other certificates), no "Member ID", no 13-digit "registration"
    expect(text).not.toMatch(/Member ID|Membership number|Registration number/);
    expect(text.replace(/\s/g, '')).not.toContain(COMPANY_ID.replace(/-/g, ''));
    expect(text).not.toContain(COMPANY_ID.slice(0, 8));
    if (process.env.CERTIFICATE_PNG) execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, process.env.CERTIFICATE_PNG.replace(/\.png$/, '')]);
  });

  it("prints a Vietnamese company's tax code under its name, a large quantity grouped, and a grower's own membership number", async () => {
    const s = doneCertificate({ ...farm, quantity: 24000, membershipNumber: 'GrainCorp 40771' });
    const { text } = await render(s, 'vn', {
      name: 'Công ty TNHH Nông sản Cần Thơ',
      address: '12 Đường 30/4, Ninh Kiều, Cần Thơ, Vietnam',
      registration: '0101248141-001',
    });
    expect(text).toMatch(/Tax code \/ Mã số thuế 0101248141-001/);
    expect(text).toMatch(/Issued by \/ Đơn vị cấp Công ty TNHH Nông sản Cần Thơ/);
    expect(text).toMatch(/Address \/ Địa chỉ 12 Đường 30\/4, Ninh Kiều, Cần Thơ, Vietnam/);
    expect(text).toMatch(/Quantity \(tonnes\) \/ Số lượng \(tấn\) 24\s?000 t/);
    expect(text).toMatch(/Membership number \/ Số hội viên GrainCorp 40771/);
  });

  it('states "no open critical corrective actions at issue" from the fact frozen at issue, and nothing when there were some or it is not known', async () => {
    const statement = /No open critical corrective actions at issue \/ Không có hành động khắc phục nghiêm trọng nào đang mở tại thời điểm cấp/;
    const none = await render(doneCertificate(farm), 'no-open-critical', ISSUER, { openCriticalActionsAtIssue: 0 });
    expect(none.text).toMatch(statement);
    expect(none.pages).toBe(1);
    const some = await render(doneCertificate(farm), 'open-critical', ISSUER, { openCriticalActionsAtIssue: 2 });
    expect(some.text).not.toMatch(/corrective action/i);
    const unknown = await render(doneCertificate(farm), 'critical-unknown');
    expect(unknown.text).not.toMatch(/corrective action/i);
  });

  it('prints why a failing record was issued, and says when no standard is on file', async () => {
    const aph = await render(doneCertificate({ ...farm, harvestGrade: 'APH' }, 'Sold as APH by agreement with the buyer'), 'aph');
    expect(aph.text).toMatch(/Protein \/ Protein 11\.5 % ≥ 13 % Fail \/ Không đạt/);
    expect(aph.text).toMatch(/Issued with deviation \/ Cấp với sai lệch: Sold as APH by agreement with the buyer/);
    const corn = await render(doneCertificate({ ...farm, grainType: 'Corn', harvestGrade: 'FEED' }), 'corn');
    expect(corn.text).toMatch(/No standard on file for this grain type and grade \/ Chưa có tiêu chuẩn cho loại hạt và hạng này/);
    expect(corn.text).toMatch(/Protein \/ Protein 11\.5 %/);
  });
});
