import { ChromiumPdfRenderer } from '../pdf/pdf-renderer';
import { checkUnpackedSize, ExtractionPool, extractText, extractTextOffThread, readFarmCsvOffThread } from '.';
import { buildDocx, writeZip } from '../testing';

/** A long but ordinary document: varied words, so it deflates like real text does. */
function largeDocx(paragraphs: number): Buffer {
  const words = ['silo', 'wheat', 'barley', 'fumigation', 'inspection', 'moisture', 'rodent', 'bait', 'station', 'checked', 'cleaned', 'sealed'];
  let seed = 7;
  const pick = () => words[(seed = (seed * 1103515245 + 12345) % 2147483648) % words.length];
  return buildDocx(Array.from({ length: paragraphs }, (_, i) => `Entry ${i}: ${Array.from({ length: 12 }, pick).join(' ')} & ${seed}`));
}

/** About 59 MB of Word XML in a small archive: a zip bomb, made here rather than kept as a file. */
function zipBomb(): Buffer {
  const run = '<w:p><w:r><w:t>grain</w:t></w:r></w:p>';
  const xml = `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${run.repeat(Math.ceil(59e6 / run.length))}</w:body></w:document>`;
  return writeZip([
    { name: '[Content_Types].xml', data: '<Types/>' },
    { name: 'word/document.xml', data: xml },
  ]);
}

/** The same bomb with its directory claiming a small size, so only the inflate limit can stop it. */
function lyingZipBomb(): Buffer {
  const zip = zipBomb();
  const eocd = zip.length - 22;
  let p = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < zip.readUInt16LE(eocd + 10); i++) {
    zip.writeUInt32LE(1000, p + 24);
    zip.writeUInt32LE(1000, zip.readUInt32LE(p + 42) + 22);
    p += 46 + zip.readUInt16LE(p + 28) + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return zip;
}

/** Runs `work` with a 5 ms heartbeat timer; answers the timer's longest silence and the work's time. */
async function withHeartbeat<T>(work: () => Promise<T>) {
  let last = Date.now();
  let longestSilence = 0;
  const beat = setInterval(() => {
    longestSilence = Math.max(longestSilence, Date.now() - last);
    last = Date.now();
  }, 5);
  const started = Date.now();
  const result = await work().finally(() => clearInterval(beat));
  return { result, took: Date.now() - started, longestSilence: Math.max(longestSilence, Date.now() - last) };
}

describe('text extraction in worker threads', () => {
  const pool = new ExtractionPool({ size: 1 });
  const pdf = new ChromiumPdfRenderer();
  afterAll(async () => {
    await pool.close();
    await pdf.close();
  });

  it('reads a PDF and a DOCX as extractText does', async () => {
    const file = await pdf.render('<h1>Pest Control Log</h1><p>Nhật ký vệ sinh kho – Đồng Tháp</p>');
    await expect(pool.extract(file, 'log.pdf')).resolves.toEqual(await extractText(file, 'log.pdf'));
    const docx = buildDocx(['Name of Establishment: Smith & Sons', 'Address: 1 Farm Rd']);
    await expect(pool.extract(docx, 'plan.docx')).resolves.toEqual({ kind: 'docx', text: 'Name of Establishment: Smith & Sons\nAddress: 1 Farm Rd' });
    await expect(pool.extract(Buffer.from('GIF89a....'), 'x.gif')).rejects.toMatchObject({ name: 'TextExtractError', code: 'COMPLIANCE_FILE_TYPE' });
  });

  it('keeps the main thread free while a large document is read', async () => {
    const docx = largeDocx(120_000);
    const { result, took, longestSilence } = await withHeartbeat(() => pool.extract(docx, 'large.docx'));
    expect(result.text.split('\n')).toHaveLength(120_000);
    expect(longestSilence).toBeLessThan(took / 2);
  }, 120_000);

  it('gives up on a document past its time limit, ends the thread, and reads the next one', async () => {
    await expect(pool.extract(largeDocx(120_000), 'slow.docx', { timeLimitMs: 20 })).rejects.toMatchObject({ code: 'DOCUMENT_READ_TIMED_OUT' });
    await expect(pool.extract(buildDocx(['Still reading documents after a time-out']), 'next.docx')).resolves.toMatchObject({ kind: 'docx' });
  }, 120_000);

  it('refuses a zip bomb before unpacking it, and stops unpacking one whose directory lies', async () => {
    const bomb = zipBomb();
    expect(bomb.length).toBeLessThan(500_000);
    expect(() => checkUnpackedSize(bomb, 'bomb.docx')).toThrow(expect.objectContaining({ code: 'DOCUMENT_TOO_LARGE_UNPACKED' }));
    await expect(extractText(bomb, 'bomb.docx')).rejects.toMatchObject({ code: 'DOCUMENT_TOO_LARGE_UNPACKED' });
    await expect(pool.extract(bomb, 'bomb.docx')).rejects.toMatchObject({ code: 'DOCUMENT_TOO_LARGE_UNPACKED' });
    const liar = lyingZipBomb();
    expect(() => checkUnpackedSize(liar, 'liar.docx')).not.toThrow();
    await expect(pool.extract(liar, 'liar.docx')).rejects.toMatchObject({ code: 'DOCUMENT_TOO_LARGE_UNPACKED' });
    expect(() => checkUnpackedSize(largeDocx(120_000), 'large.docx')).not.toThrow();
  }, 120_000);

  it('reads a farm CSV at once while compliance documents are being read (it does not wait behind them)', async () => {
    const finished: string[] = [];
    const files = [1, 2, 3].map(() => largeDocx(60_000)); // made first: making one keeps this thread busy
    const documents = files.map((file, n) => extractTextOffThread(file, `plan-${n}.docx`).then(() => finished.push(`document ${n}`)));
    const csv = readFarmCsvOffThread(Buffer.from('Farm Name,Grain Type\nHill Farm,Barley\n'), '2026-11-27').then(() => finished.push('csv'));
    await Promise.all([...documents, csv]);
    expect(finished[0]).toBe('csv');
  }, 120_000);
});
