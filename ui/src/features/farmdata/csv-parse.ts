import Papa from 'papaparse';
import { checkCsvRow, normalizeCsvHeader, type CsvFarmRow, type CsvRowError } from '@grain/domain';

export interface CsvPreviewRow {
  row: number;
  raw: Record<string, string>;
  /** The parsed row, or the message code of its first problem. */
  result: CsvFarmRow | CsvRowError;
}

/**
 * Parses the chosen CSV in the browser (papaparse, chunked so a large file reports progress and does
 * not freeze the page) and applies the same row rules as the server on the company's day `today`
 * (yyyy-mm-dd), so problems show before upload.
 */
export function parseCsvFile(file: File, today: string, onProgress: (pct: number) => void): Promise<CsvPreviewRow[]> {
  return new Promise((resolve, reject) => {
    const rows: CsvPreviewRow[] = [];
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: normalizeCsvHeader,
      chunkSize: 256 * 1024,
      chunk: (res) => {
        for (const raw of res.data) rows.push({ row: rows.length + 1, raw, result: checkCsvRow(raw, rows.length + 1, today) });
        if (file.size > 0) onProgress(Math.min(100, Math.round(((res.meta.cursor ?? 0) / file.size) * 100)));
      },
      complete: () => {
        onProgress(100);
        resolve(rows);
      },
      error: (e) => reject(e),
    });
  });
}

/** The same, for text already in memory (tests, pasted data). */
export function parseCsvText(text: string, today: string): CsvPreviewRow[] {
  const res = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy', transformHeader: normalizeCsvHeader });
  return res.data.map((raw, i) => ({ row: i + 1, raw, result: checkCsvRow(raw, i + 1, today) }));
}
