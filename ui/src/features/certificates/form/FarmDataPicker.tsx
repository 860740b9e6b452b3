import { useEffect, useMemo, useState, type ReactNode } from 'react';
import Fuse from 'fuse.js';
import { Box, Button, Radio, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { checkAgainstStandard, farmDocumentName, FUZZY_THRESHOLD, type DocumentView } from '@grain/domain';
import { api } from '../../../api/client';
import { useI18n } from '../../../i18n/i18n';
import { StandardChip } from './StandardCheckPanel';
import { RowCards, useCardLayout, useNarrowBox } from '../../../app/RowCards';
import { storedWord } from '../../../app/stored-text';

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

/**
 * A picked farm record also tells the form its number. Whether its grain photo is verified is not
 * copied: the form reads it from the farm record (useImageVerified), as it is now.
 */
export type FarmDocument = DocumentView & { farm: NonNullable<DocumentView['farm']> & { number: FarmRecord['number'] } };

/** The primary document made from a farm record; `farm` carries the facts the certificate PDF prints. */
export function docFromFarm(r: FarmRecord): FarmDocument {
  return {
    _id: r._id,
    docName: farmDocumentName(r.number),
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
    },
  };
}

const num = (v: unknown, digits: number) => (Number.isFinite(Number(v)) ? Number(v).toFixed(digits) : '');

const standardChip = (r: FarmRecord) => (
  <StandardChip check={checkAgainstStandard({ ...r, protein: Number(r.protein), moisture: Number(r.moisture) })} testId={`farm-standard-${r.number}`} />
);

/** Records shown as cards before "show more" (on a phone each card is a third of the screen). */
const CARDS_AT_FIRST = 5;
/** What the ten columns need at the least; a narrower box shows cards. */
const TABLE_MIN_WIDTH = 940;

/**
 * Farm data search with its result table (docs/spec/approvals.md §2); picking a row makes it the primary document.
 * Below 768 px each record is a card with every column, so nothing hides behind a sideways scroll.
 */
export function FarmDataPicker({
  value,
  onChange,
  inUse = {},
}: {
  value: DocumentView | null;
  onChange(d: DocumentView | null): void;
  /** Farm records other certificates hold, by record id: that certificate's number (one lot, one certificate). */
  inUse?: Record<string, string>;
}) {
  const { t, date } = useI18n();
  const phone = useCardLayout();
  const [boxRef, tight] = useNarrowBox(TABLE_MIN_WIDTH);
  const narrow = phone || tight;
  const [allCards, setAllCards] = useState(false);
  const [records, setRecords] = useState<FarmRecord[]>([]);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<{ farmDatas?: FarmRecord[] }>('farmdata/harvesting/list')
      .then((r) => setRecords((r.farmDatas ?? []).map((x) => ({ ...x, _id: String(x._id ?? (x as { id?: string }).id) }))))
      .catch((e: Error) => setError(e.message));
  }, []);
  // plain text that wraps (a chip would cut a long certificate number on a phone)
  const usedOn = (id: string) => (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid={`farm-in-use-${id}`}>
      {t('cert.farmInUse', { number: inUse[id] })}
    </Typography>
  );
  const shown = useMemo(() => {
    const q = query.trim();
    if (!q) return records.slice(0, 20);
    return new Fuse(records, { keys: ['number', 'grainType', 'storageLocation', 'harvestGrade'], threshold: FUZZY_THRESHOLD, ignoreLocation: true })
      .search(q)
      .map((r) => r.item)
      .slice(0, 20);
  }, [records, query]);
  return (
    <Box data-testid="farm-data-picker" ref={boxRef}>
      <TextField
        size="small"
        fullWidth
        label={t('cert.farmSearch')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        inputProps={{ 'data-testid': 'farm-search' }}
      />
      {error && <Typography color="error">{error}</Typography>}
      {narrow ? (
        <Box sx={{ mt: 1 }}>
          <RowCards
            wide={!phone}
            rows={(allCards ? shown : shown.slice(0, CARDS_AT_FIRST)).map((r) => {
              const picked = value?._id === r._id;
              const Mark = picked ? RadioButtonCheckedIcon : RadioButtonUncheckedIcon;
              return {
                key: r._id,
                testId: `farm-row-${r.number}`,
                selected: picked,
                onClick: () => (inUse[r._id] && !picked ? undefined : onChange(picked ? null : docFromFarm(r))),
                title: (
                  <Stack direction="row" spacing={1} alignItems="center" component="span">
                    <Mark fontSize="small" color={picked ? 'primary' : 'action'} aria-label={`${t('cert.pickFarm')} ${r.number}`} />
                    <span>{r.number}</span>
                  </Stack>
                ),
                fields: [
                  ...(inUse[r._id] ? [[t('cert.farmInUse.label'), usedOn(r._id)] as [string, ReactNode]] : []),
                  [t('cert.std.column'), standardChip(r)],
                  [t('cert.grainType'), storedWord(r.grainType, t)],
                  [t('cert.harvestGrade'), r.harvestGrade],
                  [t('cert.storageLocation'), r.storageLocation],
                  [t('cert.quantity'), num(r.quantity, 0)],
                  [t('cert.protein'), num(r.protein, 2)],
                  [t('cert.moisture'), num(r.moisture, 2)],
                  [t('cert.productionDate'), date(r.productionDate)],
                ],
              };
            })}
          />
          {!allCards && shown.length > CARDS_AT_FIRST && (
            <Button onClick={() => setAllCards(true)} data-testid="farm-show-more">
              {t('cert.farmShowMore', { n: shown.length - CARDS_AT_FIRST })}
            </Button>
          )}
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell />
                <TableCell>{t('cert.std.column')}</TableCell>
                <TableCell>{t('cert.farmNumber')}</TableCell>
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
                  onClick={() => (inUse[r._id] && value?._id !== r._id ? undefined : onChange(value?._id === r._id ? null : docFromFarm(r)))}
                  sx={{ cursor: inUse[r._id] ? 'not-allowed' : 'pointer' }}
                  data-in-use={inUse[r._id] ? 'true' : undefined}
                >
                  <TableCell padding="checkbox">
                    <Radio
                      size="small"
                      checked={value?._id === r._id}
                      disabled={!!inUse[r._id] && value?._id !== r._id}
                      inputProps={{ 'aria-label': `${t('cert.pickFarm')} ${r.number}` }}
                    />
                  </TableCell>
                  <TableCell>{standardChip(r)}</TableCell>
                  <TableCell>
                    {r.number}
                    {inUse[r._id] && <Box sx={{ mt: 0.5 }}>{usedOn(r._id)}</Box>}
                  </TableCell>
                  <TableCell>{storedWord(r.grainType, t)}</TableCell>
                  <TableCell>{r.harvestGrade}</TableCell>
                  <TableCell>{r.storageLocation}</TableCell>
                  <TableCell>{num(r.quantity, 0)}</TableCell>
                  <TableCell>{num(r.protein, 2)}</TableCell>
                  <TableCell>{num(r.moisture, 2)}</TableCell>
                  <TableCell>{date(r.productionDate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {value && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="primary-doc">
          {t('cert.primaryDoc')}: {storedWord(value.docName, t)}
        </Typography>
      )}
    </Box>
  );
}
