import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseFarmCsv } from './csv-upload';

const header = 'item,grainType,harvestGrade,storageLocation,quantity,protein,moisture,productionDate';
const csv = (rows: string[]) => Buffer.from([header, ...rows].join('\n'));
/** The company's day the rows are checked on. */
const TODAY = '2026-11-27';
const goodRows = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1},Wheat,APH,"Silo ${i % 9}, bay ${i % 4}",${1000 + i},13.1,10.2,01/11/2025`);

describe('reading a farm CSV', () => {
  it('answers the checked rows, every failing row with its message, and refuses what is not UTF-8 text', async () => {
    const rows = await parseFarmCsv(csv(goodRows(3)), 'en', TODAY);
    expect(rows.map((r) => [r.item, r.storageLocation, r.quantity])).toEqual([
      ['1', 'Silo 0, bay 0', 1000],
      ['2', 'Silo 1, bay 1', 1001],
      ['3', 'Silo 2, bay 2', 1002],
    ]);
    await expect(parseFarmCsv(csv([...goodRows(2), '3,Wheat,APH,Silo 1,abc,13.1,10.2,01/11/2025']), 'vn', TODAY)).rejects.toMatchObject({
      code: 'QUANTITY_NOT_INTEGER',
      details: { failed: 1, rows: [expect.objectContaining({ row: 3, code: 'QUANTITY_NOT_INTEGER', message: expect.any(String) })] },
    });
    await expect(parseFarmCsv(Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'en', TODAY)).rejects.toMatchObject({ code: 'CSV_READ_ERROR' });
  });

  it("leaves the API's thread free while 5,000 rows are parsed and checked", () => {
    // Measured in a Node process of its own, running the built module: in jest's process the loop also runs
    // what earlier test files in that process left going, and one CI run measured it busy (1.0) on all three
    // reads. Parsed on the calling thread, the loop is busy nearly all the time (0.9+) on every read; in a
    // thread it mostly waits for the answer. The least of three reads: one can coincide with a garbage collection.
    const probe = `
const { parseFarmCsv } = require(${JSON.stringify(path.resolve(__dirname, '../../dist/farmdata/csv-upload.js'))});
const file = Buffer.from(${JSON.stringify(csv(goodRows(5000)).toString())});
(async () => {
  const used = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    // a turn of the loop on each side, so work done on this thread is counted in the window
    await new Promise((r) => setImmediate(r));
    const before = performance.eventLoopUtilization();
    const rows = await parseFarmCsv(file, 'en', '2026-11-27');
    await new Promise((r) => setImmediate(r));
    used.push({ rows: rows.length, utilization: performance.eventLoopUtilization(before).utilization });
  }
  process.stdout.write(JSON.stringify(used));
  process.exit(0);
})();`;
    const r = spawnSync(process.execPath, ['-'], { input: probe, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    const used = JSON.parse(r.stdout) as Array<{ rows: number; utilization: number }>;
    expect(used.map((u) => u.rows)).toEqual([5000, 5000, 5000]);
    expect(Math.min(...used.map((u) => u.utilization))).toBeLessThan(0.5);
  });
});
