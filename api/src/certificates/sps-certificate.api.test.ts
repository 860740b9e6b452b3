import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { decodeJwt } from 'jose';
import { certifiedFacts, percentText, quantityText, type IssuedCertificate } from '@grain/domain';
import { daysFromNow, pdfOf, useCertHarness } from './certificates.test-harness';
import type { Agent, SeededCompany } from '../testing/session';

/**
 * The electronic export certificate (issue 31 item 5): an issued certificate as UN/CEFACT SPS e-Cert XML,
 * through the real app, a real worker and Chromium's PDF. xmllint validates it against the schema we wrote
 * from the SPSCertificate element names (api/src/trust/testdata/sps-certificate.xsd; the official XSD could
 * not be had, docs/spec-deviations.md) and refuses a broken one; the PDF (pdftotext), the credential's
 * claims and the XML state the same value for every certified fact.
 */
const h = useCertHarness({}, 300_000);
const anon = () => request(h.t.app);
const XSD = path.join(__dirname, '../trust/testdata/sps-certificate.xsd');
const dir = mkdtempSync(path.join(tmpdir(), 'grain-sps-'));
let files = 0;
const tmp = (data: Buffer | string, ext: string) => {
  const f = path.join(dir, `f${++files}.${ext}`);
  writeFileSync(f, data);
  return f;
};

/** xmllint's schema verdict on an XML text: ok, and what it said. */
function xmllint(xml: string): { ok: boolean; said: string } {
  const r = spawnSync('xmllint', ['--noout', '--schema', XSD, tmp(xml, 'xml')], { encoding: 'utf8' });
  return { ok: r.status === 0, said: `${r.stdout}${r.stderr}` };
}

/** An XPath over the XML by local names ('SPSExchangedDocument/ID'), read by xmllint: its string value(s). */
function xpath(file: string, steps: string, all = false): string[] {
  const run = (e: string) => execFileSync('xmllint', ['--xpath', e, file], { encoding: 'utf8' }).replace(/\n$/, '');
  const expr = steps
    .split('/')
    .map((s) => {
      if (s.startsWith('@')) return s;
      const [name, pred] = s.split('[');
      return `*[local-name()='${name}']${pred ? `[*[local-name()='${pred.split('=')[0]}']=${pred.split('=')[1]}` : ''}`;
    })
    .join('/');
  if (!all) return [run(`string(//${expr})`)];
  const count = Number(run(`count(//${expr})`));
  return Array.from({ length: count }, (_, i) => run(`string((//${expr})[${i + 1}])`));
}

async function issue(company: SeededCompany, number: string) {
  const admin = await h.as('admin', company);
  const a = (
    await admin
      .post('/api/company/approval/create')
      .send({
        approvalNumber: number,
        approvalName: 'Wheat lot <31> & "SPS"',
        approvalDoc: { _id: await h.farmRecord(company) },
        supportDocs: [],
        approvalLevels: [{ group: 'Farm Data Signing', signers: [company.users.signer.id], signatures: 1, deadline: daysFromNow(3) }],
        status: 'signing',
      })
      .expect(201)
  ).body.approval;
  const signer = await h.as('signer', company);
  const otp = await h.requestOtp(signer, a.approvalLevels[0]._id, company.users.signer.email);
  const done = await signer.post(`/api/company/approval/${a._id}/sign`).send({ otp }).expect(200);
  const contentHash = done.body.approval.contentHash as string;
  const pdf = await pdfOf(admin, a._id);
  const vc = (await anon().get(`/api/public/verify/credential?hash=${contentHash}`).expect(200)).text;
  return { id: a._id as string, contentHash, vc, pdf, admin };
}

let cert: Awaited<ReturnType<typeof issue>> & { xml: string };
beforeAll(async () => {
  const issued = await issue(h.acme, `SPS-${Date.now()}`);
  const res = await anon().get(`/api/public/verify/xml?hash=${issued.contentHash}`).expect(200);
  cert = { ...issued, xml: res.text };
});

it('serves the issued certificate as SPS e-Cert XML that xmllint validates against the schema; a broken one is refused', async () => {
  const res = await anon().get(`/api/public/verify/xml?hash=${cert.contentHash}`).expect(200);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="certificate-SPS-\d+\.sps\.xml"$/);
  expect(cert.xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rsm:SPSCertificate xmlns:rsm="urn:un:unece:uncefact:data:standard:SPSCertificate:17"/);
  expect(xmllint(cert.xml)).toEqual({ ok: true, said: expect.stringMatching(/validates/) });
  // the certificate's name with markup characters is escaped, not markup
  expect(xpath(tmp(cert.xml, 'xml'), 'SPSExchangedDocument/Description')).toEqual(['Wheat lot <31> & "SPS"']);

  // the check can fail: a missing required element, a wrong unit, an unknown element, a bad date, not well-formed
  const broken = [
    cert.xml.replace(/<ram:IssuerSPSParty>.*?<\/ram:IssuerSPSParty>/, ''),
    cert.xml.replace('unitCode="TNE"', 'unitCode="tonnes"'),
    cert.xml.replace('<ram:CommonName>', '<ram:Colour>red</ram:Colour><ram:CommonName>'),
    cert.xml.replace(/(<ram:IssueDateTime><udt:DateTimeString>)[^<]+/, '$127/11/2026'),
    cert.xml.replace('</rsm:SPSConsignment>', ''),
  ];
  for (const xml of broken) {
    expect(xml).not.toBe(cert.xml);
    expect(xmllint(xml).ok).toBe(false);
  }

  // the issuing company downloads the same XML; another company's member gets NOT_FOUND; in progress: nothing
  const own = await cert.admin.get(`/api/company/approval/${cert.id}/xml`).expect(200);
  expect(own.text).toBe(cert.xml);
  const other: Agent = await h.as('admin', h.other);
  expect((await other.get(`/api/company/approval/${cert.id}/xml`)).status).toBe(404);
  expect((await anon().get(`/api/public/verify/xml?hash=${'0'.repeat(64)}`)).status).toBe(404);
  expect((await anon().get('/api/public/verify/xml?hash=nothex')).status).toBe(400);
});

it('the one link answers the XML to a client asking application/xml and names it in its link set', async () => {
  const link = `/c/${cert.contentHash}`;
  const at = (await anon().get(link).set('Accept', 'application/xml').redirects(0).expect(303)).headers.location as string;
  expect(at).toMatch(new RegExp(`/api/public/verify/xml\\?hash=${cert.contentHash}$`));
  expect(
    (
      await anon()
        .get(at.replace(/^https?:\/\/[^/]+/, ''))
        .expect(200)
    ).text,
  ).toBe(cert.xml);
  // a browser (which lists application/xml below text/html) still gets the page
  expect(
    (await anon().get(link).set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8').redirects(0).expect(303)).headers.location,
  ).toMatch(/\/views\/verify\?hash=/);
  const set = JSON.parse((await anon().get(`${link}?linkType=all`).expect(200)).text) as { linkset: Array<Record<string, unknown>> };
  const links = Object.values(set.linkset[0]).flatMap((v) => (Array.isArray(v) ? (v as Array<{ type: string; href: string }>) : []));
  expect(links).toContainEqual(expect.objectContaining({ type: 'application/xml', href: at }));
});

it('the PDF, the credential and the XML state identical values for every certified fact', async () => {
  const issued = (await anon().get(`/api/public/verify?hash=${cert.contentHash}`).expect(200)).body.approval.issued as IssuedCertificate;
  const facts = certifiedFacts(issued);
  // what the test issued is certified (so no fact is skipped as absent)
  expect(facts.map((f) => f.key)).toEqual(
    expect.arrayContaining([
      'number',
      'issuer',
      'registration',
      'issued',
      'validTo',
      'grainType',
      'grade',
      'quantity',
      'storageLocation',
      'productionDate',
      'protein',
      'moisture',
      'contentHash',
    ]),
  );

  const xmlFile = tmp(cert.xml, 'xml');
  const x = (steps: string, file = xmlFile) => xpath(file, steps)[0];
  const vc = decodeJwt(cert.vc) as unknown as {
    issuer: { name: string; issuerAlsoKnownAs?: Array<{ registeredId: string }> };
    validUntil: string;
    credentialSubject: {
      certificateNumber: string;
      contentHash: string;
      assessment: Array<{
        assessmentDate: string;
        declaredValue: Array<{ metricName: string; metricValue: { value: number; unit: string } }>;
        assessedProduct: Array<{
          grainType: string;
          grade: string;
          quantity: { value: number; unit: string };
          storageLocation: string;
          productionDate: string;
        }>;
      }>;
      endorsement: Array<{ name: string; date: string }>;
    };
  };
  const s = vc.credentialSubject;
  const lot = s.assessment[0].assessedProduct[0];
  const metric = (m: string) => s.assessment[0].declaredValue.find((d) => d.metricName === m)?.metricValue.value;
  const pdfText = execFileSync('pdftotext', ['-enc', 'UTF-8', tmp(cert.pdf, 'pdf'), '-'], { encoding: 'utf8' }).replace(/[\s\u2009]+/g, ' ');
  // the registration as digits (the PDF groups them as people read them, the XML and credential do not)
  const digits = (v: unknown) => String(v).replace(/\s+/g, '');

  /** Each fact as an XML states it. */
  const xmlFacts = (file: string): Record<string, string> => ({
    number: x('SPSExchangedDocument/ID', file),
    issuer: x('IssuerSPSParty/Name', file),
    registration: x('IssuerSPSParty/ID', file),
    issued: x('SPSExchangedDocument/IssueDateTime/DateTimeString', file),
    validTo: x("IncludedSPSNote[Subject='Valid to']/Content", file),
    grainType: x('IncludedSPSTradeLineItem/CommonName', file),
    grade: x('ApplicableSPSClassification/ClassCode', file),
    quantity: x('IncludedSPSTradeLineItem/NetWeightMeasure', file),
    storageLocation: x("AdditionalInformationSPSNote[Subject='Storage location']/Content", file),
    productionDate: x("AdditionalInformationSPSNote[Subject='Production date']/Content", file),
    protein: x("AdditionalInformationSPSNote[Subject='protein']/Content", file),
    moisture: x("AdditionalInformationSPSNote[Subject='moisture']/Content", file),
    contentHash: x("IncludedSPSNote[Subject='Content hash (SHA-256)']/Content", file),
  });
  const norm = (key: string, v: unknown) => (key === 'registration' ? digits(v) : String(v));
  const xmlDiffers = (file: string) => {
    const stated = xmlFacts(file);
    return facts.filter((f) => norm(f.key, stated[f.key]) !== norm(f.key, f.value)).map((f) => f.key);
  };
  expect(xmlDiffers(xmlFile)).toEqual([]);
  const byFormat: Record<string, { credential: unknown }> = {
    number: { credential: s.certificateNumber },
    issuer: { credential: vc.issuer.name },
    registration: { credential: vc.issuer.issuerAlsoKnownAs?.[0]?.registeredId },
    issued: { credential: s.assessment[0].assessmentDate },
    validTo: { credential: vc.validUntil.slice(0, 10) },
    grainType: { credential: lot.grainType },
    grade: { credential: lot.grade },
    quantity: { credential: lot.quantity.value },
    storageLocation: { credential: lot.storageLocation },
    productionDate: { credential: lot.productionDate },
    protein: { credential: metric('protein') },
    moisture: { credential: metric('moisture') },
    contentHash: { credential: s.contentHash },
  };
  for (const f of facts) {
    const got = byFormat[f.key];
    expect([f.key, norm(f.key, got.credential)]).toEqual([f.key, norm(f.key, f.value)]);
    // the PDF prints the fact as the certificate writes it (quantity "1 200 t", a measurement "91.5 %")
    const printed = f.key === 'quantity' ? quantityText(Number(f.value)) : f.key === 'protein' || f.key === 'moisture' ? percentText(Number(f.value)) : f.value;
    expect([f.key, pdfText.includes(String(printed).replace(/[\s\u2009]+/g, ' '))]).toEqual([f.key, true]);
  }
  // the units: tonnes in the XML (TNE) and the credential, percent (P1) for the measurements
  expect(xpath(xmlFile, 'IncludedSPSTradeLineItem/NetWeightMeasure/@unitCode')).toEqual(['TNE']);
  expect(lot.quantity.unit).toBe('TNE');
  expect(xpath(xmlFile, "AdditionalInformationSPSNote[Subject='protein']/ContentMeasure", true)).toEqual([String(issued.grain.protein)]);
  // the origin: the issuer's ABN makes it Australian
  expect(x('OriginSPSCountry/ID')).toBe(issued.issuer.registrationKind === 'abn' ? 'AU' : 'VN');
  expect(x('ConsignorSPSParty/Name')).toBe(issued.issuer.name);

  // the signers: every signature's name and time, alike in the three
  const signers = issued.levels.flatMap((l) => l.signatures.map((g) => ({ name: g.name, at: g.at })));
  expect(signers.length).toBeGreaterThan(0);
  expect(xpath(xmlFile, 'SignatorySPSAuthentication/ProviderSPSParty/SpecifiedSPSPerson/Name', true)).toEqual(signers.map((g) => g.name));
  expect(xpath(xmlFile, 'SignatorySPSAuthentication/ActualDateTime/DateTimeString', true)).toEqual(signers.map((g) => g.at));
  expect(s.endorsement.map((e) => ({ name: e.name, at: e.date }))).toEqual(signers);
  for (const g of signers) expect(pdfText).toContain(`${g.name.replace(/\s+/g, ' ')} `);
  for (const g of signers) expect(pdfText).toContain(g.at.replace('T', ' ').slice(0, 19));

  // and the parity check can fail: an XML stating another quantity is caught by the same comparison
  expect(xmlDiffers(tmp(cert.xml.replace(/(<ram:NetWeightMeasure[^>]*>)[^<]+/, '$19999'), 'xml'))).toEqual(['quantity']);
  expect(xmlDiffers(tmp(cert.xml.replace(/(<ram:Subject>protein<\/ram:Subject><ram:Content>)[^<]+/, '$10.1'), 'xml'))).toEqual(['protein']);
});
