import type { ReactNode } from 'react';
import { Box, Button, Radio, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { checkAgainstStandard } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { StandardChip } from './StandardCheckPanel';
import { RowCards } from '../../../app/RowCards';
import { storedWord } from '../../../app/stored-text';
import type { FarmRecord } from './farm-record';

/** What the farm record views need: the records shown, which is picked, which other certificates hold, and picking. */
export interface FarmRecordsProps {
  records: FarmRecord[];
  pickedId: string | undefined;
  /** Farm records other certificates hold, by record id: that certificate's number (one lot, one certificate). */
  inUse: Record<string, string>;
  /** Picks the record, or unpicks it when it is the one picked; a record in use elsewhere cannot be picked. */
  onPick(r: FarmRecord): void;
}

/** Records shown as cards before "show more" (on a phone each card is a third of the screen). */
const CARDS_AT_FIRST = 5;

const num = (v: unknown, digits: number) => (Number.isFinite(Number(v)) ? Number(v).toFixed(digits) : '');

const standardChip = (r: FarmRecord) => (
  <StandardChip check={checkAgainstStandard({ ...r, protein: Number(r.protein), moisture: Number(r.moisture) })} testId={`farm-standard-${r.number}`} />
);

/** Which certificate holds the record: plain text that wraps (a chip would cut a long certificate number on a phone). */
function InUseNote({ id, number }: { id: string; number: string }) {
  const { t } = useI18n();
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid={`farm-in-use-${id}`}>
      {t('cert.farmInUse', { number })}
    </Typography>
  );
}

/** Below the table's width: one card per record with every column, five at first and the rest on "show more". */
export function FarmRecordCards({
  records,
  pickedId,
  inUse,
  onPick,
  wide,
  all,
  onShowAll,
}: FarmRecordsProps & { wide: boolean; all: boolean; onShowAll(): void }) {
  const { t, date } = useI18n();
  const card = (r: FarmRecord) => {
    const picked = pickedId === r._id;
    const Mark = picked ? RadioButtonCheckedIcon : RadioButtonUncheckedIcon;
    return {
      key: r._id,
      testId: `farm-row-${r.number}`,
      selected: picked,
      onClick: () => onPick(r),
      title: (
        <Stack direction="row" spacing={1} alignItems="center" component="span">
          <Mark fontSize="small" color={picked ? 'primary' : 'action'} aria-label={`${t('cert.pickFarm')} ${r.number}`} />
          <span>{r.number}</span>
        </Stack>
      ),
      fields: [
        ...(inUse[r._id] ? [[t('cert.farmInUse.label'), <InUseNote id={r._id} number={inUse[r._id]} />] as [string, ReactNode]] : []),
        [t('cert.std.column'), standardChip(r)],
        [t('cert.grainType'), storedWord(r.grainType, t)],
        [t('cert.harvestGrade'), r.harvestGrade],
        [t('cert.storageLocation'), r.storageLocation],
        [t('cert.quantity'), num(r.quantity, 0)],
        [t('cert.protein'), num(r.protein, 2)],
        [t('cert.moisture'), num(r.moisture, 2)],
        [t('cert.productionDate'), date(r.productionDate)],
      ] as Array<[string, ReactNode]>,
    };
  };
  return (
    <Box sx={{ mt: 1 }}>
      <RowCards wide={wide} rows={(all ? records : records.slice(0, CARDS_AT_FIRST)).map(card)} />
      {!all && records.length > CARDS_AT_FIRST && (
        <Button onClick={onShowAll} data-testid="farm-show-more">
          {t('cert.farmShowMore', { n: records.length - CARDS_AT_FIRST })}
        </Button>
      )}
    </Box>
  );
}

/** One table row per record: a radio to pick it, its standard check and its ten columns. */
function FarmRecordRow({ r, pickedId, inUse, onPick }: Omit<FarmRecordsProps, 'records'> & { r: FarmRecord }) {
  const { t, date } = useI18n();
  const picked = pickedId === r._id;
  return (
    <TableRow
      hover
      selected={picked}
      data-testid={`farm-row-${r.number}`}
      onClick={() => onPick(r)}
      sx={{ cursor: inUse[r._id] ? 'not-allowed' : 'pointer' }}
      data-in-use={inUse[r._id] ? 'true' : undefined}
    >
      <TableCell padding="checkbox">
        <Radio size="small" checked={picked} disabled={!!inUse[r._id] && !picked} inputProps={{ 'aria-label': `${t('cert.pickFarm')} ${r.number}` }} />
      </TableCell>
      <TableCell>{standardChip(r)}</TableCell>
      <TableCell>
        {r.number}
        {inUse[r._id] && (
          <Box sx={{ mt: 0.5 }}>
            <InUseNote id={r._id} number={inUse[r._id]} />
          </Box>
        )}
      </TableCell>
      <TableCell>{storedWord(r.grainType, t)}</TableCell>
      <TableCell>{r.harvestGrade}</TableCell>
      <TableCell>{r.storageLocation}</TableCell>
      <TableCell>{num(r.quantity, 0)}</TableCell>
      <TableCell>{num(r.protein, 2)}</TableCell>
      <TableCell>{num(r.moisture, 2)}</TableCell>
      <TableCell>{date(r.productionDate)}</TableCell>
    </TableRow>
  );
}

const COLUMNS = [
  'cert.std.column',
  'cert.farmNumber',
  'cert.grainType',
  'cert.harvestGrade',
  'cert.storageLocation',
  'cert.quantity',
  'cert.protein',
  'cert.moisture',
  'cert.productionDate',
];

/** The records as a table (scrolling sideways inside its box when it must). */
export function FarmRecordTable({ records, ...row }: FarmRecordsProps) {
  const { t } = useI18n();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell />
            {COLUMNS.map((c) => (
              <TableCell key={c}>{t(c)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((r) => (
            <FarmRecordRow key={r._id} r={r} {...row} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
