import userEvent from '@testing-library/user-event';
import { screen, within } from '@testing-library/react';
import { checkAgainstStandard, createCertificate, issuedCertificate, type PublicVerifyAnswer } from '@grain/domain';
import { renderApp } from '../../../test/render';
import { fakeApi, signedOut } from '../../../test/fake-api';

/** An issued certificate as the server states it: the same builder the PDF is printed from. */
function answer(): PublicVerifyAnswer {
  const farm = { grainType: 'Wheat', harvestGrade: 'APW', protein: 9.8, moisture: 11, quantity: 860, storageLocation: 'Silo 3, Junee' };
  const s = createCertificate({
    id: 'c-1',
    approvalNumber: '202511201',
    approvalName: 'APW wheat, lot 7',
    companyId: 'co-1',
    submitter: { id: 'u-sub', name: 'Sam Submitter', email: 'sam@acme.example' },
    approvalDoc: {
      id: 'f-1',
      name: 'Farm data 1',
      docType: 'farmData',
      farm,
      standardCheck: { ...checkAgainstStandard(farm), deviationReason: 'Sold as APW by agreement' },
    },
    supportDocs: [{ id: 'd-1', name: 'Storage history.pdf', docType: 'certificate' }],
    levels: [
      {
        group: 'Inspection Signing',
        signers: [
          { id: 'u-2', name: 'Ivy Inspector', email: 'ivy@acme.example', role: 'Inspector' },
          { id: 'u-3', name: 'Dan Delegate', email: 'dan@acme.example', role: 'Inspector', delegatedBy: 'u-2' },
        ],
        signatures: 1,
        deadline: '2025-11-22T00:00:00.000Z',
      },
    ],
  });
  s.levels[0].signed = [
    { userId: 'u-3', name: 'Dan Delegate', onBehalfOf: 'u-2', at: '2025-11-21T08:15:00.000Z', signatureValue: 'sig-dan', contentHash: s.contentHash },
  ];
  const done = { ...s, status: 'done' as const, completedDate: '2025-11-21T08:15:00.000Z', chainId: 'c'.repeat(64) };
  return {
    approval: {
      approvalNumber: done.approvalNumber,
      approvalName: done.approvalName,
      status: 'done',
      completedDate: done.completedDate,
      contentHash: done.contentHash,
      chainId: done.chainId,
      company: 'Acme Grain Pty Ltd',
      approvalLevels: [],
      ledger: null,
      pdfSha256: 'e'.repeat(64),
      revocation: null,
      issuer: {
        name: 'Acme Grain Pty Ltd',
        registration: 'ABN 51 824 753 556',
        registrationScheme: 'ABN',
        country: 'AU',
        verifiedAt: '2025-10-01T03:00:00.000Z',
        caFingerprint: 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89',
        did: 'did:web:acme-grain.example',
      },
      issued: issuedCertificate(done, {
        issuer: { name: 'Acme Grain Pty Ltd', registration: '51 824 753 556' },
        farmRecord: { number: '1732000000000', productionDate: '2025-11-10', txId: 'f'.repeat(64) },
      }),
    },
  };
}

describe('public verify page', () => {
  it.each([
    ['en' as const, 'Farm record', 'Fail', 'Issued with deviation', 'On behalf of'],
    ['vn' as const, 'Bản ghi nông trại', 'Không đạt', 'Cấp với sai lệch', 'Thay mặt'],
  ])('shows the facts the certificate states, under its own labels (%s)', async (lang, farmRecord, fail, deviation, onBehalf) => {
    const a = answer();
    fakeApi({ 'GET /api/auth/current_user': () => signedOut, 'GET /api/public/verify': () => a });
    renderApp(`/views/verify?hash=${a.approval.contentHash}`, { lang });
    const facts = await screen.findByTestId('issued-facts');
    expect(within(facts).getByText(farmRecord)).toBeTruthy();
    expect(screen.getByTestId('issued-farmRecord').textContent).toBe('1732000000000');
    expect(screen.getByTestId('issued-farmTx').textContent).toBe('f'.repeat(64));
    // the ABN under its own name, as people read it; the quantity with its unit
    expect(screen.getByTestId('issued-abn').textContent).toBe('51 824 753 556');
    expect(within(facts).getByText(lang === 'vn' ? 'Mã số doanh nghiệp Úc (ABN)' : 'ABN')).toBeTruthy();
    expect(screen.getByTestId('issued-quantity').textContent).toBe('860 t');
    expect(screen.getByTestId('issued-standard').textContent).toMatch(/APW1 .* 2025\/26 · AU-GRAIN-2025\/26/);
    // protein 9.8 is under APW's minimum: the page says so, and why it was issued anyway
    expect(within(facts).getAllByText(fail).length).toBeGreaterThan(0);
    expect(screen.getByTestId('issued-deviation').textContent).toContain(`${deviation}: Sold as APW by agreement`);
    const level = screen.getByTestId('issued-level-1');
    expect(within(level).getByText(onBehalf)).toBeTruthy();
    const row = within(level).getByText('Dan Delegate').closest('tr')!;
    expect(row.textContent).toContain('Ivy Inspector');
    expect(row.textContent).toContain(a.approval.issued.levels[0].signatures[0].fingerprint);
    expect(screen.getByTestId('issued-contentHash').textContent).toBe(a.approval.contentHash);
  });

  it.each([
    ['en' as const, /entry 4711, signed .+\. A verifier may rely on a copy for up to 5 min/],
    ['vn' as const, /mục 4711, ký lúc .+\. Bên xác minh có thể dùng bản sao tối đa 5 phút/],
  ])("says where the issuer's status list is and how old a verifier's copy may be (%s)", async (lang, says) => {
    const a = answer();
    const url = 'https://grain.example/api/trust/status/c0/0123456789abcdef';
    a.approval.statusList = { url, index: 4711, issuerDid: 'did:web:grain.example:companies:c0', madeAt: '2025-11-21T08:20:00.000Z', maxAgeSeconds: 300 };
    fakeApi({ 'GET /api/auth/current_user': () => signedOut, 'GET /api/public/verify': () => a });
    renderApp(`/views/verify?hash=${a.approval.contentHash}`, { lang });
    const line = await screen.findByTestId('verify-status-list');
    expect(line.textContent).toContain(url);
    expect(line.textContent).toMatch(says);
  });

  it.each([
    ['en' as const, /its sealed PDF, credential and XML are being prepared/],
    ['vn' as const, /bản PDF đã đóng dấu, chứng chỉ số và XML đang được chuẩn bị/],
  ])('says the PDF is being prepared when the certificate was issued moments ago (%s)', async (lang, says) => {
    const a = answer();
    a.approval.pdfSha256 = null;
    fakeApi({ 'GET /api/auth/current_user': () => signedOut, 'GET /api/public/verify': () => a });
    renderApp(`/views/verify?hash=${a.approval.contentHash}`, { lang });
    expect((await screen.findByTestId('verify-pdf-pending')).textContent).toMatch(says);
  });

  it('says nothing of a PDF being prepared once it is made', async () => {
    const a = answer();
    fakeApi({ 'GET /api/auth/current_user': () => signedOut, 'GET /api/public/verify': () => a });
    renderApp(`/views/verify?hash=${a.approval.contentHash}`);
    await screen.findByTestId('verify-result');
    expect(screen.queryByTestId('verify-pdf-pending')).toBeNull();
  });

  it('states each personal digital signature with what openssl needs to check it (vn)', async () => {
    const a = answer();
    const d = {
      keyId: '6f1c2a7e-0000-4000-8000-000000000001',
      algorithm: 'ECDSA-P256-SHA256' as const,
      value: 'MEUCIQ==',
      signedText: a.approval.contentHash,
      certificate: 'SIGNER-PEM',
      caCertificate: 'CA-PEM',
    };
    a.approval.approvalLevels = [
      { level: 1, group: 'Inspection Signing', status: 'done', signed: [{ name: 'Dan Delegate', at: '2025-11-21T08:15:00.000Z', digitalSignature: d }] },
    ];
    fakeApi({ 'GET /api/auth/current_user': () => signedOut, 'GET /api/public/verify': () => a });
    renderApp(`/views/verify?hash=${a.approval.contentHash}`, { lang: 'vn' });
    const box = await screen.findByTestId('verify-digital-signatures');
    expect(box).toHaveTextContent('Chữ ký số cá nhân');
    expect(box).toHaveTextContent(`Cấp 1 · Dan Delegate · khóa ${d.keyId}`);
    for (const text of [d.signedText, d.value, 'SIGNER-PEM', 'CA-PEM']) expect(box).toHaveTextContent(text);
  });

  it.each([
    ['en' as const, 'This credential does not check out.', "The issuer's signature on the credential is valid", 'Its facts do not match an issued certificate'],
    ['vn' as const, 'Chứng chỉ này không hợp lệ.', 'Chữ ký của bên cấp trên chứng chỉ hợp lệ', 'Nội dung không khớp với chứng nhận đã cấp'],
  ])('checks a file someone was sent and shows each check on its own line (%s)', async (lang, summary, proof, content) => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => signedOut,
      'POST /api/public/verify/check': () => ({
        kind: 'credential',
        approvalNumber: 'N-1',
        checks: [
          { id: 'seal', ok: true },
          { id: 'issuer', ok: true, detail: 'Riverina Grain Co' },
          { id: 'content', ok: false },
          { id: 'ledger', ok: true, detail: '#7 · tx abc' },
          { id: 'signers', ok: true, detail: 'Liam Walsh, Mia Tran' },
        ],
      }),
    });
    renderApp('/views/verify', { lang });
    const input = await screen.findByTestId('verify-pdf');
    await userEvent.setup().upload(input, new File(['eyJ.eyJ.sig'], 'cert.vc.jwt', { type: 'application/octet-stream' }));
    expect(await screen.findByTestId('verify-pdf-result')).toHaveTextContent(summary);
    expect(screen.getByTestId('check-seal')).toHaveTextContent(proof);
    expect(screen.getByTestId('check-content')).toHaveAttribute('data-ok', 'false');
    expect(screen.getByTestId('check-content')).toHaveTextContent(content);
    expect(screen.getByTestId('check-issuer')).toHaveTextContent('Riverina Grain Co');
    expect(api.find('POST', '/api/public/verify/check')).toHaveLength(1);
  });

  it.each([
    [
      'en' as const,
      'Sealed after its seal certificate was revoked',
      'sealed 02/12/2025 10:30, seal certificate revoked 02/12/2025 09:00',
      'Sealed before any revocation of its seal certificate',
    ],
    [
      'vn' as const,
      'Được đóng dấu sau khi chứng thư con dấu đã bị thu hồi',
      'đóng dấu 02/12/2025 10:30, chứng thư con dấu bị thu hồi 02/12/2025 09:00',
      'Được đóng dấu trước mọi lần thu hồi chứng thư con dấu',
    ],
  ])('says when a PDF was sealed after its seal certificate was revoked, and when one was sealed before (%s)', async (lang, refused, times, held) => {
    let sealTime = { id: 'sealTime', ok: false, detail: '2025-12-02T10:30:00.000Z 2025-12-02T09:00:00.000Z' };
    fakeApi({
      'GET /api/auth/current_user': () => signedOut,
      'POST /api/public/verify/check': () => ({ kind: 'pdf', checks: [{ id: 'seal', ok: true }, sealTime, { id: 'asIssued', ok: false }] }),
    });
    renderApp('/views/verify', { lang });
    const user = userEvent.setup();
    await user.upload(await screen.findByTestId('verify-pdf'), new File(['%PDF-1.7'], 'forged.pdf', { type: 'application/pdf' }));
    expect(await screen.findByTestId('check-sealTime')).toHaveAttribute('data-ok', 'false');
    expect(screen.getByTestId('check-sealTime')).toHaveTextContent(refused);
    expect(screen.getByTestId('check-sealTime')).toHaveTextContent(times);
    sealTime = { id: 'sealTime', ok: true, detail: '2025-11-21T08:15:00.000Z' };
    await user.upload(screen.getByTestId('verify-pdf'), new File(['%PDF-1.7'], 'genuine.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(held)).toBeInTheDocument();
  });

  it.each([
    ['en' as const, 'Check it yourself, with tools we did not write', 'xmllint --schema', 'pdfsig', 'node scripts/verify-credential.mjs'],
    ['vn' as const, 'Tự kiểm tra bằng công cụ không do chúng tôi viết', 'xmllint --schema', 'pdfsig', 'node scripts/verify-credential.mjs'],
  ])("lists a buyer's own checks with third-party tools, as docs/verifying-a-certificate.md does (%s)", async (lang, title, ...tools) => {
    fakeApi({ 'GET /api/auth/current_user': () => signedOut });
    renderApp('/views/verify', { lang });
    const steps = await screen.findByTestId('verify-own-tools');
    expect(steps).toHaveTextContent(title);
    for (const tool of tools) expect(steps).toHaveTextContent(tool);
  });

  it.each([
    ['en' as const, 'Revoked on 02/12/2025 by Ada Admin: Lab result was wrong', 'Revoked by the issuing company'],
    ['vn' as const, 'Đã thu hồi ngày 02/12/2025 bởi Ada Admin: Lab result was wrong', 'Đã bị công ty cấp thu hồi'],
  ])('says a revoked certificate is revoked, on the page and in the file check (%s)', async (lang, banner, check) => {
    const a = answer();
    a.approval.revocation = { at: '2025-12-02T09:00:00.000Z', by: 'Ada Admin', byId: 'u-1', reason: 'Lab result was wrong', txId: 'e'.repeat(64) };
    fakeApi({
      'GET /api/auth/current_user': () => signedOut,
      'GET /api/public/verify': () => a,
      'POST /api/public/verify/check': () => ({
        kind: 'pdf',
        approvalNumber: a.approval.approvalNumber,
        checks: [
          { id: 'seal', ok: true },
          { id: 'asIssued', ok: true },
          { id: 'notRevoked', ok: false, detail: '2025-12-02: Lab result was wrong' },
        ],
      }),
    });
    renderApp(`/views/verify?hash=${a.approval.contentHash}`, { lang });
    expect(await screen.findByTestId('verify-revoked')).toHaveTextContent(banner);
    await userEvent.setup().upload(await screen.findByTestId('verify-pdf'), new File(['%PDF-1.7'], 'cert.pdf', { type: 'application/pdf' }));
    expect(await screen.findByTestId('check-notRevoked')).toHaveAttribute('data-ok', 'false');
    expect(screen.getByTestId('check-notRevoked')).toHaveTextContent(check);
    expect(screen.getByTestId('check-notRevoked')).toHaveTextContent('Lab result was wrong');
  });

  it.each([
    ['en' as const, 'Revoked', 'Issued', 'Genuine, but revoked on 02/12/2025 by Ada Admin: Lab result was wrong'],
    ['vn' as const, 'Đã thu hồi', 'Đã cấp', 'Là bản thật, nhưng đã bị thu hồi ngày 02/12/2025 bởi Ada Admin: Lab result was wrong'],
  ])('calls a revoked certificate revoked, not issued, and its genuine file genuine and revoked (%s)', async (lang, revoked, issued, verdict) => {
    const a = answer();
    const revocation = { at: '2025-12-02T09:00:00.000Z', by: 'Ada Admin', byId: 'u-1', reason: 'Lab result was wrong', txId: 'e'.repeat(64) };
    a.approval.revocation = revocation;
    fakeApi({
      'GET /api/auth/current_user': () => signedOut,
      'GET /api/public/verify': () => a,
      'GET /api/public/verify/anchor': () => ({
        status: 200,
        body: { did: null, url: null, caFingerprint: null, status: 'none', checkedAt: '2025-12-03T00:00:00.000Z' },
      }),
      'POST /api/public/verify/check': () => ({
        kind: 'pdf',
        approvalNumber: a.approval.approvalNumber,
        verdict: 'revoked',
        revocation,
        checks: [
          { id: 'seal', ok: true },
          { id: 'asIssued', ok: true },
          { id: 'notRevoked', ok: false, detail: '2025-12-02: Lab result was wrong' },
        ],
      }),
    });
    renderApp(`/views/verify?hash=${a.approval.contentHash}`, { lang });
    expect(await screen.findByTestId('verify-status')).toHaveTextContent(revoked);
    expect(screen.getByTestId('verify-status')).not.toHaveTextContent(issued);
    await userEvent.setup().upload(await screen.findByTestId('verify-pdf'), new File(['%PDF-1.7'], 'cert.pdf', { type: 'application/pdf' }));
    expect(await screen.findByTestId('verify-pdf-result')).toHaveTextContent(verdict);
  });

  it.each([
    ['en' as const, 'ABN 51 824 753 556', 'Identity verified by the platform operator on 01/10/2025', 'UNVERIFIED ISSUER'],
    ['vn' as const, 'ABN 51 824 753 556', 'Danh tính đã được nhà vận hành nền tảng xác minh ngày 01/10/2025', 'ĐƠN VỊ CẤP CHƯA XÁC MINH'],
  ])(
    "states the issuer's registration, whether it is verified, its CA fingerprint and its own domain's anchor (%s)",
    async (lang, reg, verified, unverified) => {
      const a = answer();
      fakeApi({
        'GET /api/auth/current_user': () => signedOut,
        'GET /api/public/verify': () => a,
        // wrapped: the answer's own `status` field would read as the fake's HTTP status
        'GET /api/public/verify/anchor': () => ({
          status: 200,
          body: {
            did: 'did:web:acme-grain.example',
            url: 'https://acme-grain.example/.well-known/did.json',
            caFingerprint: a.approval.issuer.caFingerprint,
            status: 'matches',
            checkedAt: '2025-12-03T00:00:00.000Z',
          },
        }),
      });
      renderApp(`/views/verify?hash=${a.approval.contentHash}`, { lang });
      const issuer = await screen.findByTestId('verify-issuer');
      expect(issuer).toHaveTextContent(reg);
      expect(issuer).toHaveTextContent(verified);
      expect(screen.getByTestId('verify-ca-fingerprint')).toHaveTextContent(a.approval.issuer.caFingerprint!);
      // the SPS e-Cert XML beside the credential, named in the reader's language
      expect(screen.getByTestId('verify-xml')).toHaveAttribute('href', `/api/public/verify/xml?hash=${a.approval.contentHash}`);
      expect(screen.getByTestId('verify-xml')).toHaveTextContent(lang === 'vn' ? 'Chứng nhận xuất khẩu' : 'Export certificate');
      expect(await screen.findByTestId('verify-anchor')).toHaveAttribute('data-status', 'matches');
      expect(screen.getByTestId('verify-anchor')).toHaveTextContent('https://acme-grain.example/.well-known/did.json');
      expect(screen.queryByTestId('verify-unverified')).toBeNull();

      // the same certificate from an issuer the operator has not verified: said plainly
      a.approval.issuer = { ...a.approval.issuer, verifiedAt: null };
      renderApp(`/views/verify?hash=${a.approval.contentHash}`, { lang });
      expect(await screen.findByTestId('verify-unverified')).toHaveTextContent(unverified);
    },
  );

  it('looks a certificate up by its number only with the verification code printed on it', async () => {
    const a = answer();
    const api = fakeApi({
      'GET /api/auth/current_user': () => signedOut,
      'GET /api/public/verify': () => a,
      'GET /api/public/verify/anchor': () => ({ status: 200, body: { did: null, url: null, caFingerprint: null, status: 'none', checkedAt: '' } }),
    });
    renderApp('/views/verify', { lang: 'en' });
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('verify-query'), '202511201');
    await user.type(screen.getByTestId('verify-code'), '3f9a-1c0b-77de');
    await user.click(screen.getByTestId('verify-submit'));
    await screen.findByTestId('verify-result');
    const q = api.find('GET', '/api/public/verify')[0].query;
    expect([q.get('number'), q.get('code'), q.get('company')]).toEqual(['202511201', '3f9a-1c0b-77de', null]);
  });
});
