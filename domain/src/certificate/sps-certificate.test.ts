import type { IssuedCertificate } from './issued-certificate';
import { spsCertificateXml, spsOriginCountry, xmlEscape } from './sps-certificate';

const cert = (over: Partial<IssuedCertificate['issuer']> = {}): IssuedCertificate => ({
  issuer: { name: 'Acme <Grain> & "Co"', address: null, registration: '0101248141-001', registrationKind: 'vnTaxCode', verifiedAt: null, ...over },
  verificationCode: 'AAAA-BBBB-CCCC',
  membershipNumber: null,
  number: 'N-1',
  name: "Lot 'one'",
  issued: '2026-11-27',
  validFrom: '2026-11-27',
  validTo: '2027-11-27',
  grain: {
    grainType: 'Rice',
    grade: 'A',
    quantity: 24000,
    quantityText: '24\u2009000 t',
    storageLocation: null,
    productionDate: null,
    farmRecord: null,
    farmRecordTxId: null,
    protein: null,
    moisture: 13.5,
    photoSha256: null,
  },
  standardCheck: null,
  supportDocuments: [],
  levels: [
    {
      level: 1,
      group: 'QA',
      required: 1,
      signatures: [{ name: 'Lê Văn A', role: 'QA', at: '2026-11-27T01:02:03.000Z', onBehalfOf: 'Trần B', fingerprint: 'f00d' }],
    },
  ],
  contentHash: 'ab'.repeat(32),
  chainId: 'chain-1',
});
const ctx = { resolverUrl: 'https://x.test/c/ab', pdf: { url: 'https://x.test/p?hash=ab&x=1', sha256: null }, credentialUrl: 'https://x.test/vc' };

describe('SPS e-Cert XML', () => {
  it('escapes every value (text and attributes) and drops characters XML cannot carry', () => {
    expect(xmlEscape(`a<b>&"c'\u0001`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
    const xml = spsCertificateXml(cert(), ctx);
    expect(xml).toContain('<ram:Name>Acme &lt;Grain&gt; &amp; &quot;Co&quot;</ram:Name>');
    expect(xml).toContain('<ram:Description>Lot &apos;one&apos;</ram:Description>');
    expect(xml).toContain('<ram:ID>https://x.test/p?hash=ab&amp;x=1</ram:ID>');
    expect(xml).not.toMatch(/<[^>]*[<&][^>]*>/);
  });

  it('a Vietnamese tax code makes the consignor Vietnamese, the lot from VN; unmeasured values are left out', () => {
    const xml = spsCertificateXml(cert(), ctx);
    expect(spsOriginCountry(cert())).toEqual({ id: 'VN', name: 'Viet Nam' });
    expect(xml).toContain('<ram:ConsignorSPSParty><ram:ID schemeID="VN-TAX">0101248141-001</ram:ID>');
    expect(xml).toContain('<ram:OriginSPSCountry><ram:ID>VN</ram:ID>');
    expect(xml).toContain('<ram:NetWeightMeasure unitCode="TNE">24000</ram:NetWeightMeasure>');
    expect(xml).toContain('<ram:Subject>moisture</ram:Subject><ram:Content>13.5</ram:Content><ram:ContentMeasure unitCode="P1">13.5</ram:ContentMeasure>');
    expect(xml).not.toContain('<ram:Subject>protein</ram:Subject>');
    expect(xml).toContain('<ram:Content>On behalf of Trần B</ram:Content>');
  });

  it('an ABN makes it Australian; an issuer with no valid registration states no country rather than a guess', () => {
    expect(spsOriginCountry(cert({ registration: '51 824 753 556', registrationKind: 'abn' }))?.id).toBe('AU');
    const none = spsCertificateXml(cert({ registration: null, registrationKind: null }), ctx);
    expect(spsOriginCountry(cert({ registration: null, registrationKind: null }))).toBeNull();
    expect(none).not.toContain('OriginSPSCountry');
    expect(none).not.toContain('schemeID');
  });
});
