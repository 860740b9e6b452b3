import { Alert, Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { failedRequirements, type StandardCheck } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { failureText, limitText, pct, verdictKey } from './standard-text';

const chipColor = (c: StandardCheck) => (c.result === 'pass' ? 'success' : c.result === 'fail' ? 'error' : 'default');

export function StandardChip({ check, testId }: { check: StandardCheck; testId?: string }) {
  const { t } = useI18n();
  return <Chip size="small" label={t(verdictKey(check))} color={chipColor(check)} data-testid={testId} data-result={check.result} />;
}

/**
 * The chosen farm record's measurements against the standard of its claimed grade: each requirement
 * with the measured value, the limit and pass/fail, the standard and its season. A failing record asks
 * for the reason to issue it with the deviation.
 */
export function StandardCheckPanel({ check, deviationReason, onReason }: { check: StandardCheck; deviationReason: string; onReason(v: string): void }) {
  const { t, lang } = useI18n();
  if (check.result === 'noStandard') {
    return (
      <Alert severity="info" sx={{ mt: 1 }} data-testid="standard-check" data-result="noStandard">
        {t(`cert.std.none.${check.reason}`, { grainType: check.grainType || '-', harvestGrade: check.harvestGrade || '-', season: check.season ?? '' })}
      </Alert>
    );
  }
  const failed = failedRequirements(check);
  return (
    <Box sx={{ mt: 1 }} data-testid="standard-check" data-result={check.result}>
      <Typography variant="subtitle2" component="div" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {t('cert.std.title', { grade: check.grade })} <StandardChip check={check} />
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="standard-name">
        {t('cert.std.against', { name: check.standardName, season: check.season, id: check.standardId })}
      </Typography>
      <Table size="small" aria-label={t('cert.std.title', { grade: check.grade })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('cert.std.requirement')}</TableCell>
            <TableCell align="right">{t('cert.std.measured')}</TableCell>
            <TableCell align="right">{t('cert.std.limit')}</TableCell>
            <TableCell>{t('cert.std.outcome')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {check.requirements.map((r) => (
            <TableRow key={r.measure} data-testid={`standard-${r.measure}`} data-pass={r.pass}>
              <TableCell>{t(`cert.${r.measure}`)}</TableCell>
              <TableCell align="right">{r.measured === null ? '-' : pct(r.measured, lang)}</TableCell>
              <TableCell align="right">{limitText(r, lang)}</TableCell>
              <TableCell>
                <Chip size="small" label={t(r.pass ? 'cert.std.pass' : 'cert.std.fail')} color={r.pass ? 'success' : 'error'} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {failed.length > 0 && (
        <>
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="standard-why">
            {failed.map((r) => (
              <div key={r.measure}>{failureText(r, check.grade, t, lang)}</div>
            ))}
            <div>{t('cert.std.deviationHelp')}</div>
          </Alert>
          <TextField
            sx={{ mt: 1 }}
            fullWidth
            multiline
            minRows={2}
            size="small"
            label={`${t('cert.std.deviationReason')} *`}
            value={deviationReason}
            onChange={(e) => onReason(e.target.value)}
            inputProps={{ 'data-testid': 'deviation-reason', maxLength: 1000 }}
          />
        </>
      )}
    </Box>
  );
}
