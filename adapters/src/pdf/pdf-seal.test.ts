import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID, X509Certificate } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import * as asn1js from 'asn1js';
import { createStores } from '@grain/persistence';
import { createTestDb } from '@grain/persistence/testing';
import * as pkijs from 'pkijs';
import { addValidationData, checkPdfSeal, sealPdf, validationDataOf, type ValidationData } from './pdf-seal';
import { EmbeddedTimestampAuthority } from './timestamp';
import { sealParts, transplantSeal, withCms } from './pdf-forgery';

/**
 * The seal read back by a reader nobody here wrote: poppler's pdfsig finds a valid PAdES signature by
 * the company seal over the whole document, and an invalid one after a single byte of it changes.
 */
jest.setTimeout(60_000);

const dir = mkdtempSync(path.join(tmpdir(), 'grain-seal-'));
const pdfsig = (pdf: Buffer) => {
  const file = path.join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } catch (e) {
    return `${(e as { stdout?: string }).stdout ?? ''}${(e as { stderr?: string }).stderr ?? ''}`;
  }
};

async function samplePdf(text = 'Grain quality certificate 202611241 - Wheat APW'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** The CMS a sealed PDF carries, exactly as long as its DER says (the placeholder's zero padding left out). */
function cmsOf(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const [a, b, c] = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)/
    .exec(text.slice(text.lastIndexOf('/ByteRange')))!
    .slice(1)
    .map(Number);
  const der = Buffer.from(text.slice(a + b + 1, c - 1), 'hex');
  const { offset } = asn1js.fromBER(der.buffer.slice(der.byteOffset, der.byteOffset + der.length) as ArrayBuffer);
  expect(offset).toBeGreaterThan(0);
  return der.subarray(0, offset);
}

describe('the certificate seal', () => {
  let sealed: Buffer;
  let caPem: string;
  let identity: Parameters<typeof sealPdf>[1];
  beforeAll(async () => {
    const db = await createTestDb();
    const company = { id: randomUUID(), name: 'Riverina Grain Co' };
    await db
      .knex('companies')
      .insert({ id: company.id, name: company.name })
      .catch(() => undefined);
    const seal = await createStores(db.knex).signatures.companySeal(company, 'seal-test-secret');
    caPem = seal.caCertificatePem;
    identity = {
      ...seal,
      chainPems: [seal.caCertificatePem],
      name: company.name,
      reason: 'Grain quality certificate 202611241 issued',
      location: 'Wagga Wagga NSW',
    };
    sealed = await sealPdf(await samplePdf(), identity);
    await db.close();
  });

  it('is a valid PAdES signature by the company seal over the whole document', () => {
    const out = pdfsig(sealed);
    expect(out).toMatch(/Signer Certificate Common Name: Riverina Grain Co certificate seal/);
    expect(out).toMatch(/Signature Type: ETSI\.CAdES\.detached/);
    expect(out).toMatch(/Signature Validation: Signature is Valid\./);
    expect(out).toMatch(/Total document signed/);
  });

  it("is trusted once the buyer adds the company's CA certificate, as docs/verifying-a-certificate.md says", () => {
    // The buyer's steps, word for word: a fresh NSS database, the issuer's CA (served on the public page), pdfsig.
    const file = path.join(dir, 'trusted.pdf');
    writeFileSync(file, sealed);
    const nss = mkdtempSync(path.join(dir, 'nss-'));
    execFileSync('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
    const untrusted = execFileSync('pdfsig', ['-nssdir', `sql:${nss}`, file], { encoding: 'utf8' });
    expect(untrusted).toMatch(/Signature Validation: Signature is Valid\./);
    expect(untrusted).toMatch(/Certificate Validation: Certificate issuer isn't Trusted/);
    writeFileSync(path.join(dir, 'issuer-ca.pem'), caPem);
    execFileSync('certutil', ['-A', '-d', `sql:${nss}`, '-n', 'Riverina Grain Co CA', '-t', ',C,', '-i', path.join(dir, 'issuer-ca.pem')]);
    const trusted = execFileSync('pdfsig', ['-nssdir', `sql:${nss}`, file], { encoding: 'utf8' });
    expect(trusted).toMatch(/Signature Validation: Signature is Valid\./);
    expect(trusted).toMatch(/Certificate Validation: Certificate is Trusted\./);
  });

  it('breaks when one byte of the document changes', () => {
    // one letter of the place the seal states (inside the signed bytes; the file still parses)
    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf('Wagga Wagga');
    expect(at).toBeGreaterThan(0);
    tampered[at] = 'w'.charCodeAt(0);
    const out = pdfsig(tampered);
    expect(out).not.toMatch(/Signature is Valid/);
    expect(out).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it('is checked the same way here: valid over the whole file by the seal, and not after a change', async () => {
    const good = await checkPdfSeal(sealed);
    expect(good).toMatchObject({ signed: true, valid: true, wholeDocument: true });
    expect(good.signerPem).toContain('BEGIN CERTIFICATE');
    expect(good.chainPems).toHaveLength(1);
    const tampered = Buffer.from(sealed);
    tampered[tampered.indexOf('Wagga Wagga')] = 'w'.charCodeAt(0);
    expect(await checkPdfSeal(tampered)).toMatchObject({ signed: true, valid: false });
    // a PDF with bytes added after the seal is no longer signed whole
    expect(await checkPdfSeal(Buffer.concat([sealed, Buffer.from('\n% appended\n')]))).toMatchObject({ valid: true, wholeDocument: false });
    expect(await checkPdfSeal(await samplePdf())).toMatchObject({ signed: false, valid: false });
  });

  it('holds when its signature happens to end in a zero byte (about one seal in 256)', async () => {
    // ECDSA signs with a fresh random nonce, so the CMS's last byte (the signature's) is 0x00 once in ~256
    // seals; the placeholder after it is zero padding, and the seal must still read back whole.
    const pdf = await samplePdf();
    let endsInZero: Buffer | undefined;
    for (let i = 0; i < 4000 && !endsInZero; i++) {
      const s = await sealPdf(pdf, identity);
      if (cmsOf(s).at(-1) === 0) endsInZero = s;
    }
    expect(endsInZero).toBeDefined();
    expect(pdfsig(endsInZero!)).toMatch(/Signature Validation: Signature is Valid\./);
    expect(await checkPdfSeal(endsInZero!)).toMatchObject({ signed: true, valid: true, wholeDocument: true });
  });

  describe('forged from a genuine seal (issue 26 item 2)', () => {
    const verdict = (out: string) => (/Signature Validation: Signature is Valid\./.test(out) ? 'valid' : 'invalid');

    it('refuses the genuine CMS with its signed bytes attached, placed in another PDF, as pdfsig does', async () => {
      const other = await samplePdf('Grain quality certificate 202611249 - Barley FEED 9,000 t');
      const forged = await transplantSeal(sealed, other);
      // the forgery carries the genuine CMS (same signature), now with the bytes it signed inside it
      expect(sealParts(forged).cms.length).toBeGreaterThan(sealParts(sealed).cms.length);
      const check = await checkPdfSeal(forged);
      expect(check).toMatchObject({ signed: true, valid: false });
      expect(verdict(pdfsig(forged))).toBe('invalid');
      // the genuine file: both say valid
      expect(verdict(pdfsig(sealed))).toBe('valid');
      expect((await checkPdfSeal(sealed)).valid).toBe(true);
    });

    it('refuses a CMS that holds over its own bytes but is not the one its document was sealed with', async () => {
      // the genuine CMS, detached as made, in another PDF: its messageDigest is the genuine bytes', not these
      const moved = await withCms(await samplePdf('Another document'), sealParts(sealed).cms);
      expect(await checkPdfSeal(moved)).toMatchObject({ signed: true, valid: false });
      expect(verdict(pdfsig(moved))).toBe('invalid');
    });

    it('refuses a file with two signature dictionaries', async () => {
      // sealed again over a copy that keeps the first (now stale) signature dictionary: the last seal holds
      // over the whole file, but a reader may show the other one
      const twice = await sealPdf(sealed, identity);
      expect((twice.toString('latin1').match(/\/ByteRange/g) ?? []).length).toBe(2);
      expect(pdfsig(twice)).toMatch(/Signature #2:[\s\S]*Signature Validation: Signature is Valid\./);
      expect(await checkPdfSeal(twice)).toMatchObject({ signed: true, valid: false });
    });

    it('refuses bytes slipped into the /Contents gap beside the CMS', async () => {
      // the gap is covered by no digest: whatever is hidden there must be exactly the placeholder (hex, then zeros)
      const { byteRange } = sealParts(sealed);
      const smuggled = Buffer.from(sealed);
      const end = byteRange[2] - 2; // the last hex digit before '>'
      smuggled[end] = 'f'.charCodeAt(0);
      expect(await checkPdfSeal(smuggled)).toMatchObject({ valid: false });
      const spaced = Buffer.from(sealed);
      spaced[end] = ' '.charCodeAt(0);
      expect(await checkPdfSeal(spaced)).toMatchObject({ valid: false });
    });
  });
});

/**
 * PAdES B-LT (issue 31 item 4), read back by tools nobody here wrote: pdfsig still finds the seal valid
 * after the DSS is appended; `openssl ts -verify` accepts the RFC 3161 token over the signature value
 * (trusting the TSA's certificate only) and refuses it over other bytes; `openssl crl -verify` accepts the
 * CRL the DSS carries as signed by the company CA. (pyHanko's LTV profile, the issue's other validator,
 * cannot be installed here: docs/spec-deviations.md.)
 */
describe('the B-LT seal', () => {
  let lt: Buffer;
  let bb: Buffer;
  let caPem: string;
  let tsaPem: string;
  let validation: ValidationData;
  let sealedAround: [number, number];
  beforeAll(async () => {
    const db = await createTestDb();
    const stores = createStores(db.knex);
    const company = { id: randomUUID(), name: 'Murray Grain Co' };
    await db.knex('companies').insert({ id: company.id, name: company.name });
    const seal = await stores.signatures.companySeal(company, 'seal-test-secret');
    caPem = seal.caCertificatePem;
    const tsa = new EmbeddedTimestampAuthority(() => stores.signatures.embeddedTsa('seal-test-secret'));
    tsaPem = (await tsa.certificatePems())[0];
    const from = Date.now();
    validation = { certificatePems: [seal.certificatePem, caPem, tsaPem], crls: [await stores.signatures.freshCaCrl(company.id, 'seal-test-secret')] };
    // sealed and made B-LT in one step, as the certificate's PDF is (generate-pdf.ts)
    lt = await sealPdf(await samplePdf(), { ...seal, chainPems: [caPem], name: company.name, reason: 'Grain quality certificate issued', tsa }, validation);
    sealedAround = [from - 1000, Date.now() + 1000];
    bb = await sealPdf(await samplePdf(), { ...seal, chainPems: [caPem], name: company.name, reason: 'Grain quality certificate issued' });
    await db.close();
  });

  it('adds, sealed in one step, exactly the update addValidationData makes from the sealed file read back', async () => {
    // the sealed revision ends where the signature's byte range ends; everything after it is the DSS update
    const [, , c, d] = sealParts(lt).byteRange;
    const signedRevision = lt.subarray(0, c + d);
    expect(signedRevision.length).toBeLessThan(lt.length);
    expect((await addValidationData(Buffer.from(signedRevision), validation)).equals(lt)).toBe(true);
  });

  const file = (data: Buffer | string, ext: string) => {
    const f = path.join(dir, `${randomUUID()}.${ext}`);
    writeFileSync(f, data);
    return f;
  };
  // what openssl says, on either stream, and whether it succeeded
  const run = (args: string[]) => {
    const r = spawnSync('openssl', args, { encoding: 'utf8' });
    return `${r.status === 0 ? 'exit 0' : `exit ${r.status}`}\n${r.stdout}${r.stderr}`;
  };

  it('is a valid seal for pdfsig with its validation data appended', () => {
    expect(pdfsig(lt)).toMatch(/Signature Validation: Signature is Valid\./);
  });

  it('carries an RFC 3161 timestamp over its signature value that openssl verifies, and not over other bytes', () => {
    const signed = pkijs.SignedData.fromBER(
      new pkijs.ContentInfo({ schema: asn1js.fromBER(new Uint8Array(cmsOf(lt))).result }).content.toBER(false) as ArrayBuffer,
    );
    const signer = signed.signerInfos[0];
    const attr = signer.unsignedAttrs?.attributes.find((a) => a.type === '1.2.840.113549.1.9.16.2.14');
    expect(attr).toBeDefined();
    const token = file(Buffer.from(attr!.values[0].toBER(false)), 'tst');
    const ca = file(tsaPem, 'pem');
    const value = file(Buffer.from(signer.signature.valueBlock.valueHexView), 'bin');
    expect(run(['ts', '-verify', '-data', value, '-in', token, '-token_in', '-CAfile', ca])).toMatch(/^exit 0\n[\s\S]*Verification: OK/);
    expect(run(['ts', '-verify', '-data', file(Buffer.from('other bytes'), 'bin'), '-in', token, '-token_in', '-CAfile', ca])).toMatch(
      /^exit 1\n[\s\S]*FAILED/,
    );
  });

  it("states its RFC 3161 time and the TSA's certificate to the seal check; a seal without a timestamp states none", async () => {
    const check = await checkPdfSeal(lt);
    expect(check).toMatchObject({ valid: true, wholeDocument: true, timestamp: { at: expect.any(String), tsaCertificatePem: expect.any(String) } });
    expect(Date.parse(check.timestamp!.at)).toBeGreaterThanOrEqual(sealedAround[0]);
    expect(Date.parse(check.timestamp!.at)).toBeLessThanOrEqual(sealedAround[1]);
    expect(new X509Certificate(check.timestamp!.tsaCertificatePem).raw.equals(new X509Certificate(tsaPem).raw)).toBe(true);
    const plain = await checkPdfSeal(bb);
    expect(plain.valid).toBe(true);
    expect(plain.timestamp).toBeUndefined();
  });

  it("carries in its DSS the company CA's CRL, which openssl verifies against the CA", async () => {
    const dss = await validationDataOf(lt);
    expect(dss?.crls).toHaveLength(1);
    const crl = file(dss!.crls[0], 'crl');
    expect(run(['crl', '-inform', 'DER', '-in', crl, '-noout', '-CAfile', file(caPem, 'pem')])).toMatch(/^exit 0\n[\s\S]*verify OK/);
    // and not against another CA
    const other = path.join(dir, `${randomUUID()}.pem`);
    run([
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      `${other}.key`,
      '-out',
      other,
      '-subj',
      '/CN=Other CA',
      '-days',
      '1',
    ]);
    expect(run(['crl', '-inform', 'DER', '-in', crl, '-noout', '-CAfile', other])).toMatch(/^exit 1\n/);
    expect(dss!.certificatePems.map((p) => p.trim())).toEqual(expect.arrayContaining([caPem.trim(), tsaPem.trim()]));
  });
});
