import { useMemo, useState } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import type { DocumentView } from '@grain/domain';
import { api } from '../../../api/client';
import { useI18n } from '../../../i18n/i18n';
import { useCardLayout, useNarrowBox } from '../../../app/RowCards';
import { useLoad } from '../../../app/use-load';
import { storedWord } from '../../../app/stored-text';
import { searchFarmRecords } from './farm-search';
import { FarmRecordCards, FarmRecordTable } from './FarmRecordViews';
import { docFromFarm, type FarmRecord } from './farm-record';

/** What the ten columns need at the least; a narrower box shows cards. */
const TABLE_MIN_WIDTH = 940;

/** The company's farm records (GET farmdata/harvesting/list), each with its id as `_id`. */
async function loadFarmRecords(): Promise<FarmRecord[]> {
  const r = await api<{ farmDatas?: FarmRecord[] }>('farmdata/harvesting/list');
  return (r.farmDatas ?? []).map((x) => ({ ...x, _id: String(x._id ?? (x as { id?: string }).id) }));
}

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
  const { t } = useI18n();
  const phone = useCardLayout();
  const [boxRef, tight] = useNarrowBox(TABLE_MIN_WIDTH);
  const [query, setQuery] = useState('');
  const [allCards, setAllCards] = useState(false);
  const { data: records, error } = useLoad(loadFarmRecords);
  const loadError = error ? (error as Error).message : null;
  const shown = useMemo(() => searchFarmRecords(records ?? [], query), [records, query]);
  const pickedId = value?._id;
  // a record another certificate holds cannot be picked; the picked one is unpicked by a second click
  const onPick = (r: FarmRecord) => (inUse[r._id] && pickedId !== r._id ? undefined : onChange(pickedId === r._id ? null : docFromFarm(r)));
  const views = { records: shown, pickedId, inUse, onPick };
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
      {loadError && <Typography color="error">{loadError}</Typography>}
      {phone || tight ? <FarmRecordCards {...views} wide={!phone} all={allCards} onShowAll={() => setAllCards(true)} /> : <FarmRecordTable {...views} />}
      {value && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="primary-doc">
          {t('cert.primaryDoc')}: {storedWord(value.docName, t)}
        </Typography>
      )}
    </Box>
  );
}
