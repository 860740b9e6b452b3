import { render, screen, within } from '@testing-library/react';
import type { Language } from '@grain/domain';
import { I18nProvider } from '../../i18n/i18n';
import { CsvPreview } from './CsvPreview';
import { parseCsvText } from './csv-parse';
import { FarmDataTable, type FarmRow } from './FarmDataTable';
import { isFetchTick, streamingInterval } from './FarmDataStreamingPage';
import { acceptableFile } from '../documents/DropZone';

const wrap = (ui: React.ReactElement, lang: Language = 'en') => render(<I18nProvider initial={lang}>{ui}</I18nProvider>);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('farm data table', () => {
  const rows: FarmRow[] = [
    {
      _id: 'a1',
      number: '1732000000000',
      grainType: 'Wheat',
      harvestGrade: 'APH',
      storageLocation: 'Silo A1',
      quantity: 24000.6,
      protein: 12.5,
      moisture: 10,
      productionDate: '2025-11-03',
      dataType: 'Csv',
      txId: 'f'.repeat(64),
      imageValidation: 'Verified',
    },
    {
      _id: 'a2',
      number: '1732000000001',
      grainType: 'Barley',
      harvestGrade: 'FEED',
      storageLocation: 'Shed 2',
      quantity: 800,
      protein: 9.456,
      moisture: 11.2,
      productionDate: '2025-01-09',
      dataType: 'Manual',
      txId: null,
      imageValidation: 'NA',
    },
  ];

  it('shows quantity with 0 decimals, protein and moisture with 2, dates dd/MM/yyyy and the tx id cut to 20', () => {
    wrap(<FarmDataTable rows={rows} showSource showImage />);
    const [first, second] = screen.getAllByTestId('farm-row');
    expect(cells(first)).toEqual([
      '1732000000000',
      'Wheat',
      'APH',
      'Silo A1',
      '24,001',
      '12.50',
      '10.00',
      '03/11/2025',
      'Below grade',
      'CSV',
      'Verified',
      'f'.repeat(20),
    ]);
    expect(cells(second)).toEqual([
      '1732000000001',
      'Barley',
      'FEED',
      'Shed 2',
      '800',
      '9.46',
      '11.20',
      '09/01/2025',
      'Meets grade',
      'Manual',
      'Not checked',
      'Recording...',
    ]);
  });

  it('speaks Vietnamese, numbers included', () => {
    wrap(<FarmDataTable rows={rows.slice(0, 1)} showSource />, 'vn');
    expect(screen.getByRole('columnheader', { name: 'Độ ẩm' })).toBeInTheDocument();
    expect(cells(screen.getByTestId('farm-row')).slice(4, 7)).toEqual(['24.001', '12,50', '10,00']);
  });
});

describe('grade standard flag', () => {
  const row = (harvestGrade: string, protein: number, moisture: number, grainType = 'Wheat'): FarmRow => ({
    number: `${harvestGrade}-${protein}-${moisture}`,
    grainType: grainType as FarmRow['grainType'],
    harvestGrade: harvestGrade as FarmRow['harvestGrade'],
    storageLocation: 'Silo 3',
    quantity: 860,
    protein,
    moisture,
    productionDate: '2025-11-10',
  });
  it('flags a record out of the standard of its claimed grade, and says why on hover', async () => {
    wrap(<FarmDataTable rows={[row('APW', 11.5, 11), row('APH', 11.5, 11), row('FEED', 11.5, 11, 'Corn')]} showStatus />);
    expect(screen.getAllByTestId('standard-flag').map((f) => [f.textContent, f.dataset.result])).toEqual([
      ['Meets grade', 'pass'],
      ['Below grade', 'fail'],
      ['No standard on file', 'noStandard'],
    ]);
    expect(screen.getByRole('columnheader', { name: 'Grade standard' })).toBeInTheDocument();
    expect(screen.getAllByTestId('standard-flag')[1].closest('[aria-label]')).toHaveAttribute('aria-label', 'Protein is below the APH1 minimum of 13 %.');
  });
  it('speaks Vietnamese', () => {
    wrap(<FarmDataTable rows={[row('ASW', 9, 13)]} />, 'vn');
    expect(screen.getByTestId('standard-flag')).toHaveTextContent('Không đạt hạng');
    expect(screen.getByTestId('standard-flag').closest('[aria-label]')).toHaveAttribute('aria-label', 'Độ ẩm cao hơn mức tối đa 12,5 % của ASW1.');
  });
});

describe('CSV preview', () => {
  /** The company's day the rows are checked on. */
  const TODAY = '2026-11-27';
  const text = [
    'item,grain Type,harvestGrade,storageLocation,quantity,protein,moisture,productionDate',
    '1,Wheat,APH,Silo A1,1200,13.1,10.2,01/11/2025',
    '2,Rice,APH,Silo A1,1200,13.1,10.2,01/11/2025',
  ].join('\n');

  it('keys headers as the importer does, so a spaced header is a format error', () => {
    const rows = parseCsvText(text, TODAY);
    expect(Object.keys(rows[0].raw)).toContain('grain_Type');
    expect(rows.every((r) => 'code' in r.result && r.result.code === 'CSV_FORMAT_ERROR')).toBe(true);
  });

  it('previews good rows formatted and bad rows with the spec message', () => {
    const rows = parseCsvText(
      text.replace('grain Type', 'grainType') + '\n3,Barley,AH,Shed 2,12.5,11,10,02/11/2025\n4,Corn,ASW,Bunker 3,500,8.75,wet,05/11/2025',
      TODAY,
    );
    wrap(<CsvPreview rows={rows} />);
    expect(screen.getByTestId('csv-summary')).toHaveTextContent('4 rows, 3 with problems');
    expect(screen.getByText(/nothing from this file is saved/)).toBeInTheDocument();
    const ok = screen.getAllByTestId('csv-row-ok');
    expect(ok).toHaveLength(1);
    expect(cells(ok[0])).toEqual(['1', '1', 'Wheat', 'APH', 'Silo A1', '1,200', '13.10', '10.20', '01/11/2025', 'Meets grade', '']);
    const bad = screen.getAllByTestId('csv-row-bad').map((r) => cells(r)[10]);
    expect(bad).toEqual(['CSV format data error', 'Quantity must be an integer', 'Moisture must be a number']);
  });

  it('shows the messages in Vietnamese', () => {
    wrap(
      <CsvPreview
        rows={parseCsvText('item,grainType,harvestGrade,storageLocation,quantity,protein,moisture,productionDate\n1,Wheat,APH,S,1.5,1,1,01/01/2025', TODAY)}
      />,
      'vn',
    );
    expect(screen.getByText('Số lượng phải là số nguyên')).toBeInTheDocument();
  });
});

describe('streaming timer and upload pre-check', () => {
  it('falls back to 10 s for a bad interval and fetches when seconds mod interval is 1', () => {
    expect(streamingInterval('abc')).toBe(10);
    expect(streamingInterval('0')).toBe(10);
    expect(streamingInterval('3')).toBe(3);
    expect([1, 2, 10, 11, 21].filter((s) => isFetchTick(s, 10))).toEqual([1, 11, 21]);
    expect(isFetchTick(5, 1)).toBe(true);
  });
  it('accepts only the listed extensions up to 50 MB before upload', () => {
    expect(acceptableFile({ name: 'a.pdf', size: 10 })).toBe(true);
    expect(acceptableFile({ name: 'a.exe', size: 10 })).toBe(false);
    expect(acceptableFile({ name: 'pdf', size: 10 })).toBe(false);
    expect(acceptableFile({ name: 'a.csv', size: 52428801 })).toBe(false);
  });
});
