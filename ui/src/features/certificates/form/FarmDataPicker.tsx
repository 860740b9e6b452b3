import { useEffect, useMemo, useState } from 'react';
import Fuse from 'fuse.js';
import { Box, Radio, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { checkAgainstStandard, FUZZY_THRESHOLD, type DocumentView } from '@grain/domain';
import { api } from '../../../api/client';
import { useI18n } from '../../../i18n/i18n';
import { StandardChip } from './StandardCheckPanel';

/** A farm data record as GET farmdata/harvesting/list answers it (docs/spec/farm-data-and-documents.md §3), read tolerantly. */
export interface FarmRecord {
  _id: string;
  number: string;
  grainType: string;
  harvestGrade: string;
  storageLocation: string;
  quantity: number;
  protein: number;
  moisture: number;
  productionDate: string;
  imageValidation?: unknown;
}

/** A picked farm record also tells the form its number and whether its grain image was verified. */
export type FarmDocument = DocumentView & { farm: NonNullable<DocumentView['farm']> & { number: FarmRecord['number']; imageValidation: boolean } };

/** The primary document made from a farm record; `farm` carries the facts the certificate PDF prints. */
export function docFromFarm(r: FarmRecord): FarmDocument {
  return {
    _id: r._id,
    docName: `Farm data ${r.number}`,
    docType: 'farmData',
    description: `${r.grainType} ${r.harvestGrade} · ${r.storageLocation}`,
    farm: {
      grainType: r.grainType,
      harvestGrade: r.harvestGrade,
      storageLocation: r.storageLocation,
      quantity: Number(r.quantity),
      protein: Number(r.protein),
      moisture: Number(r.moisture),
      number: r.number,
      imageValidation: r.imageValidation === 'Verified' || r.imageValidation === true,
    },
  };
}

const num = (v: unknown, digits: number) => (Number.isFinite(Number(v)) ? Number(v).toFixed(digits) : '');

/** Farm data search with its result table (docs/spec/approvals.md §2); picking a row makes it the primary document. */
export function FarmDataPicker({ value, onChange }: { value: DocumentView | null; onChange(d: DocumentView | null): void }) {
  const { t } = useI18n();
  const [records, setRecords] = useState<FarmRecord[]>([]);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<{ farmDatas?: FarmRecord[] }>('farmdata/harvesting/list')
      .then((r) => setRecords((r.farmDatas ?? []).map((x) => ({ ...x, _id: String(x._id ?? (x as { id?: string }).id) }))))
      .catch((e: Error) => setError(e.message));
  }, []);
  const shown = useMemo(() => {
    const q = query.trim();
    if (!q) return records.slice(0, 20);
    return new Fuse(records, { keys: ['number', 'grainType', 'storageLocation', 'harvestGrade'], threshold: FUZZY_THRESHOLD, ignoreLocation: true })
      .search(q)
      .map((r) => r.item)
      .slice(0, 20);
  }, [records, query]);
  return (
    <Box data-testid="farm-data-picker">
      <TextField
        size="small"
        fullWidth
        label={t('cert.farmSearch')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        inputProps={{ 'data-testid': 'farm-search' }}
      />
      {error && <Typography color="error">{error}</Typography>}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>{t('cert.std.column')}</TableCell>
              <TableCell>{t('cert.number')}</TableCell>
              <TableCell>{t('cert.grainType')}</TableCell>
              <TableCell>{t('cert.harvestGrade')}</TableCell>
              <TableCell>{t('cert.storageLocation')}</TableCell>
              <TableCell>{t('cert.quantity')}</TableCell>
              <TableCell>{t('cert.protein')}</TableCell>
              <TableCell>{t('cert.moisture')}</TableCell>
              <TableCell>{t('cert.productionDate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((r) => (
              <TableRow
                key={r._id}
                hover
                selected={value?._id === r._id}
                data-testid={`farm-row-${r.number}`}
                onClick={() => onChange(value?._id === r._id ? null : docFromFarm(r))}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell padding="checkbox">
                  <Radio size="small" checked={value?._id === r._id} inputProps={{ 'aria-label': `${t('cert.pickFarm')} ${r.number}` }} />
                </TableCell>
                <TableCell>
                  <StandardChip
                    check={checkAgainstStandard({ ...r, protein: Number(r.protein), moisture: Number(r.moisture) })}
                    testId={`farm-standard-${r.number}`}
                  />
                </TableCell>
                <TableCell>{r.number}</TableCell>
                <TableCell>{r.grainType}</TableCell>
                <TableCell>{r.harvestGrade}</TableCell>
                <TableCell>{r.storageLocation}</TableCell>
                <TableCell>{num(r.quantity, 0)}</TableCell>
                <TableCell>{num(r.protein, 2)}</TableCell>
                <TableCell>{num(r.moisture, 2)}</TableCell>
                <TableCell>{String(r.productionDate ?? '').slice(0, 10)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {value && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="primary-doc">
          {t('cert.primaryDoc')}: {value.docName}
        </Typography>
      )}
    </Box>
  );
}
