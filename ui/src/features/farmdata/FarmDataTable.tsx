import type { ReactNode } from 'react';
import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import type { FarmData } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { displayDate, formatPercent, formatQuantity, shortHash } from './format';
import { RowCards, useCardLayout, type RowCard } from '../../app/RowCards';
import { StandardFlag } from './StandardFlag';
import { storedWord } from '../../app/stored-text';

export type FarmRow = Pick<FarmData, 'number' | 'grainType' | 'harvestGrade' | 'storageLocation' | 'quantity' | 'protein' | 'moisture' | 'productionDate'> &
  Partial<Pick<FarmData, '_id' | 'dataType' | 'txId' | 'imageValidation'>> & { status?: string | null };

/** The header cells of the harvest columns (grain type to production date), shared with the CSV preview. */
export function HarvestHeadCells() {
  const { t } = useI18n();
  return (
    <>
      <TableCell>{t('farm.grainType')}</TableCell>
      <TableCell>{t('farm.harvestGrade')}</TableCell>
      <TableCell>{t('farm.storageLocation')}</TableCell>
      <TableCell align="right">{t('farm.quantity')}</TableCell>
      <TableCell align="right">{t('farm.protein')}</TableCell>
      <TableCell align="right">{t('farm.moisture')}</TableCell>
      <TableCell>{t('farm.productionDate')}</TableCell>
    </>
  );
}

/**
 * The farm data table (docs/spec/farm-data-and-documents.md §2 columns): quantity with 0 decimals, protein and moisture with 2,
 * production date dd/MM/yyyy. Optional columns: source, save status (streaming), image state, tx id.
 * Below 768 px the same values show as one card per record.
 */
export function FarmDataTable({
  rows,
  showSource,
  showStatus,
  showImage,
  action,
  testId = 'farm-table',
}: {
  rows: FarmRow[];
  showSource?: boolean;
  showStatus?: boolean;
  showImage?: boolean;
  action?: (row: FarmRow) => ReactNode;
  testId?: string;
}) {
  const { t, lang } = useI18n();
  const image = (s: string | undefined) => {
    const state = s ?? 'NA';
    return <Chip size="small" label={t(`farm.image.${state}`)} color={state === 'Verified' ? 'success' : state === 'Rejected' ? 'error' : 'default'} />;
  };
  const tx = (r: FarmRow) =>
    r.txId ? (
      <Tooltip title={r.txId}>
        <Typography variant="body2" component="code" data-testid="tx-id">
          {shortHash(r.txId)}
        </Typography>
      </Tooltip>
    ) : r._id ? (
      <Typography variant="body2" color="text.secondary">
        {t('farm.txPending')}
      </Typography>
    ) : null;
  const narrow = useCardLayout();
  if (narrow) {
    // below 768 px: one card per record, labels beside values (eleven columns do not fit a phone)
    const cards: RowCard[] = rows.map((r) => ({
      key: r._id ?? r.number,
      title: `${t('farm.number')} ${r.number}`,
      badge: showImage ? image(r.imageValidation) : undefined,
      fields: [
        ...(showStatus ? [[t('farm.status'), r.status ? t(`farm.status.${r.status}`) : ''] as [string, ReactNode]] : []),
        [t('farm.grainType'), storedWord(r.grainType, t)],
        [t('farm.harvestGrade'), r.harvestGrade],
        [t('farm.storageLocation'), r.storageLocation],
        [t('farm.quantity'), formatQuantity(r.quantity, lang)],
        [t('farm.protein'), formatPercent(r.protein, lang)],
        [t('farm.moisture'), formatPercent(r.moisture, lang)],
        [t('farm.productionDate'), displayDate(r.productionDate)],
        [t('farm.standard'), <StandardFlag row={r} />],
        ...(showSource ? [[t('farm.dataType'), r.dataType ? t(`farm.type.${r.dataType}`) : ''] as [string, ReactNode]] : []),
        [t('farm.txId'), tx(r)],
      ],
      actions: action?.(r) || undefined,
    }));
    return <RowCards rows={cards} testId={testId} rowTestId="farm-row" />;
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {showStatus && <TableCell>{t('farm.status')}</TableCell>}
            <TableCell>{t('farm.number')}</TableCell>
            <HarvestHeadCells />
            <TableCell>{t('farm.standard')}</TableCell>
            {showSource && <TableCell>{t('farm.dataType')}</TableCell>}
            {showImage && <TableCell>{t('farm.image')}</TableCell>}
            <TableCell>{t('farm.txId')}</TableCell>
            {action && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r._id ?? r.number} data-testid="farm-row">
              {showStatus && <TableCell>{r.status ? t(`farm.status.${r.status}`) : ''}</TableCell>}
              <TableCell>{r.number}</TableCell>
              <TableCell>{storedWord(r.grainType, t)}</TableCell>
              <TableCell>{r.harvestGrade}</TableCell>
              <TableCell>{r.storageLocation}</TableCell>
              <TableCell align="right">{formatQuantity(r.quantity, lang)}</TableCell>
              <TableCell align="right">{formatPercent(r.protein, lang)}</TableCell>
              <TableCell align="right">{formatPercent(r.moisture, lang)}</TableCell>
              <TableCell>{displayDate(r.productionDate)}</TableCell>
              <TableCell>
                <StandardFlag row={r} />
              </TableCell>
              {showSource && <TableCell>{r.dataType ? t(`farm.type.${r.dataType}`) : ''}</TableCell>}
              {showImage && <TableCell>{image(r.imageValidation)}</TableCell>}
              <TableCell>{tx(r)}</TableCell>
              {action && <TableCell>{action(r)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
