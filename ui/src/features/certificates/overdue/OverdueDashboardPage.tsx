import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Button,
  Chip,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { Link as RouterLink } from 'react-router-dom';
import { certificatesApi } from '../api';
import type { OverdueRow } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { Page, RowCards, useCardLayout, useNotify } from '../../../app';
import { useCertificateLive } from '../live';
import { lateness } from '../due';
import { storedWord } from '../../../app/stored-text';
import { AdjustLevelDialog, type AdjustTarget } from '../in-flight/AdjustLevelDialog';
import { useNudge } from '../in-flight/use-nudge';

type ChartBy = 'level' | 'approver';

/**
 * Overdue and due-soon certificates for managers: who holds each, since when, reminders sent, a chart;
 * and what to do about each: remind its signers, reassign the level, escalate.
 */
export function OverdueDashboardPage() {
  const { t, date } = useI18n();
  const notify = useNotify();
  const [rows, setRows] = useState<OverdueRow[]>([]);
  const [hours, setHours] = useState(48);
  const [only, setOnly] = useState<'all' | 'overdue' | 'dueSoon'>('all');
  const [by, setBy] = useState<ChartBy>('level');
  const narrow = useCardLayout();
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);
  const load = useCallback(
    () =>
      certificatesApi
        .overdue({ dueWithinHours: hours })
        .then((r) => setRows(r.rows))
        .catch((e) => notify.error(e)),
    [hours, notify],
  );
  useEffect(() => {
    void load();
  }, [load]);
  useCertificateLive(() => void load());
  const { nudge, busy } = useNudge(() => void load());

  const shown = rows.filter((r) => only === 'all' || (only === 'overdue' ? r.overdue : !r.overdue));
  const chart = useMemo(() => {
    const m = new Map<string, number>();
    for (const r of shown) {
      const keys = by === 'level' ? [`${r.level}. ${r.group}`] : r.holders.map((h) => h.fullName);
      for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
    }
    return [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
  }, [shown, by]);

  const numberLink = (r: OverdueRow) => (
    <Link component={RouterLink} to={`/views/approval/detail?id=${encodeURIComponent(r._id)}`}>
      {r.approvalNumber}
    </Link>
  );
  const stateChip = (r: OverdueRow) => (
    <Chip size="small" color={r.overdue ? 'error' : 'warning'} label={t(r.overdue ? 'cert.toggle.overdue' : 'cert.overdue.dueSoon')} />
  );
  const holders = (r: OverdueRow) => r.holders.map((h) => h.fullName).join(', ');
  // the level's due date with how late it is (or how long is left)
  const dueWithLateness = (r: OverdueRow) => {
    const l = lateness(r.deadline);
    return `${date(r.deadline)}${l ? ` (${t(l.key, l.vars)})` : ''}`;
  };
  const rowActions = (r: OverdueRow) =>
    (r.manage || r.adjust) && (
      <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
        {r.manage && (
          <Button size="small" onClick={() => void nudge(r._id, 'signers')} disabled={!!busy} data-testid={`remind-${r.approvalNumber}`}>
            {t('cert.inFlight.remind')}
          </Button>
        )}
        {r.adjust && (
          <Button
            size="small"
            onClick={() =>
              setAdjusting({
                certificateId: r._id,
                approvalNumber: r.approvalNumber,
                levelId: r.levelId,
                level: r.level,
                deadline: r.deadline,
                signers: r.signers,
                submitterId: '',
              })
            }
            data-testid={`reassign-${r.approvalNumber}`}
          >
            {t('cert.overdue.reassign')}
          </Button>
        )}
        {r.manage && (
          <Button size="small" onClick={() => void nudge(r._id, 'escalation')} disabled={!!busy} data-testid={`escalate-${r.approvalNumber}`}>
            {t('cert.inFlight.escalate')}
          </Button>
        )}
      </Stack>
    );
  // below 768 px: one card per certificate (eight columns do not fit a phone), the number still links to it
  const cards =
    shown.length === 0 ? (
      <Typography color="text.secondary">{t('cert.overdue.none')}</Typography>
    ) : (
      <RowCards
        testId="overdue-table"
        rows={shown.map((r) => ({
          key: r._id,
          testId: `overdue-row-${r.approvalNumber}`,
          title: numberLink(r),
          badge: stateChip(r),
          fields: [
            [t('cert.name'), r.approvalName],
            [t('cert.level'), `${r.level}. ${storedWord(r.group, t)}`],
            [t('cert.overdue.holders'), holders(r)],
            [t('cert.overdue.since'), date(r.since)],
            [t('cert.due'), dueWithLateness(r)],
            [t('cert.overdue.reminders'), r.remindersSent],
          ],
          actions: rowActions(r) || undefined,
        }))}
      />
    );

  return (
    <Page title={t('cert.overdue.title')} testId="overdue-dashboard">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <ToggleButtonGroup exclusive size="small" value={only} onChange={(_e, v) => v && setOnly(v)}>
          <ToggleButton value="all">{t('cert.overdue.all')}</ToggleButton>
          <ToggleButton value="overdue" data-testid="filter-overdue">
            {t('cert.toggle.overdue')}
          </ToggleButton>
          <ToggleButton value="dueSoon">{t('cert.overdue.dueSoon')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField select size="small" label={t('cert.overdue.window')} value={hours} onChange={(e) => setHours(Number(e.target.value))} sx={{ minWidth: 160 }}>
          {[24, 48, 72, 168].map((h) => (
            <MenuItem key={h} value={h}>
              {h} h
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup exclusive size="small" value={by} onChange={(_e, v) => v && setBy(v)}>
          <ToggleButton value="level">{t('cert.overdue.byLevel')}</ToggleButton>
          <ToggleButton value="approver">{t('cert.overdue.byApprover')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {chart.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1, mb: 2 }}>
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: chart.map((c) => c[0]) }]}
            series={[{ data: chart.map((c) => c[1]), label: t('cert.overdue.count') }]}
          />
        </Paper>
      )}
      {narrow ? (
        cards
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="overdue-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('cert.number')}</TableCell>
                <TableCell>{t('cert.name')}</TableCell>
                <TableCell>{t('cert.level')}</TableCell>
                <TableCell>{t('cert.overdue.holders')}</TableCell>
                <TableCell>{t('cert.overdue.since')}</TableCell>
                <TableCell>{t('cert.due')}</TableCell>
                <TableCell>{t('cert.overdue.reminders')}</TableCell>
                <TableCell />
                <TableCell>{t('cert.overdue.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.length === 0 && (
                <TableRow>
                  <TableCell colSpan={9}>
                    <Typography color="text.secondary">{t('cert.overdue.none')}</Typography>
                  </TableCell>
                </TableRow>
              )}
              {shown.map((r) => (
                <TableRow key={r._id} data-testid={`overdue-row-${r.approvalNumber}`}>
                  <TableCell>{numberLink(r)}</TableCell>
                  <TableCell>{r.approvalName}</TableCell>
                  <TableCell>
                    {r.level}. {storedWord(r.group, t)}
                  </TableCell>
                  <TableCell>{holders(r)}</TableCell>
                  <TableCell>{date(r.since)}</TableCell>
                  <TableCell>{dueWithLateness(r)}</TableCell>
                  <TableCell>{r.remindersSent}</TableCell>
                  <TableCell>{stateChip(r)}</TableCell>
                  <TableCell>{rowActions(r)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <AdjustLevelDialog
        target={adjusting}
        onClose={() => setAdjusting(null)}
        onDone={() => {
          setAdjusting(null);
          notify.success(t('cert.inFlight.adjusted'));
          void load();
        }}
      />
    </Page>
  );
}
