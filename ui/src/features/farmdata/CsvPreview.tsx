import { Alert, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useI18n } from '../../i18n/i18n';
import type { CsvPreviewRow } from './csv-parse';
import { HarvestHeadCells } from './FarmDataTable';
import { StandardFlag } from './StandardFlag';
import { formatPercent, formatQuantity, displayDate } from './format';

const PREVIEW_LIMIT = 500;

/**
 * The parsed file as a table before anything is saved: good rows formatted as they will be listed,
 * rows with a problem highlighted with the spec's message. Large files show their first 500 rows
 * plus every problem row.
 */
export function CsvPreview({ rows }: { rows: CsvPreviewRow[] }) {
  const { t, lang } = useI18n();
  const bad = rows.filter((r) => 'code' in r.result);
  const shown = rows.length > PREVIEW_LIMIT ? [...rows.slice(0, PREVIEW_LIMIT), ...bad.filter((r) => r.row > PREVIEW_LIMIT)] : rows;
  return (
    <>
      <Typography sx={{ my: 1 }} data-testid="csv-summary">
        {t('farm.previewSummary', { rows: rows.length, bad: bad.length })}
      </Typography>
      {bad.length > 0 && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('farm.fixBeforeSave')}
        </Alert>
      )}
      <TableContainer sx={{ maxHeight: 480, overflow: 'auto' }}>
        <Table size="small" stickyHeader data-testid="csv-preview">
          <TableHead>
            <TableRow>
              <TableCell>{t('farm.row')}</TableCell>
              <TableCell>{t('farm.item')}</TableCell>
              <HarvestHeadCells />
              <TableCell>{t('farm.standard')}</TableCell>
              <TableCell>{t('farm.problem')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map(({ row, raw, result }) => {
              const ok = !('code' in result);
              return (
                <TableRow
                  key={row}
                  data-testid={ok ? 'csv-row-ok' : 'csv-row-bad'}
                  sx={ok ? undefined : { bgcolor: 'error.lighter', '& td': { color: 'error.main' } }}
                >
                  <TableCell>{row}</TableCell>
                  <TableCell>{raw.item}</TableCell>
                  <TableCell>{raw.grainType}</TableCell>
                  <TableCell>{raw.harvestGrade}</TableCell>
                  <TableCell>{raw.storageLocation}</TableCell>
                  <TableCell align="right">{ok ? formatQuantity(result.quantity, lang) : raw.quantity}</TableCell>
                  <TableCell align="right">{ok ? formatPercent(result.protein, lang) : raw.protein}</TableCell>
                  <TableCell align="right">{ok ? formatPercent(result.moisture, lang) : raw.moisture}</TableCell>
                  <TableCell>{ok ? displayDate(result.productionDate) : raw.productionDate}</TableCell>
                  <TableCell>{ok ? <StandardFlag row={result} /> : ''}</TableCell>
                  <TableCell>{ok ? '' : t(result.code)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
