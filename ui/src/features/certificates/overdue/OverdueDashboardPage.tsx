import { useMemo, useState, type ReactNode } from 'react';
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
import { useLoad, useLoadErrorNotice } from '../../../app/use-load';

type ChartBy = 'level' | 'approver';
type Only = 'all' | 'overdue' | 'dueSoon';

/**
 * Overdue and due-soon certificates for managers: who holds each, since when, reminders sent, a chart;
 * and what to do about each: remind its signers, reassign the level, escalate.
 */
export function OverdueDashboardPage() {
  const { t } = useI18n();
  const notify = useNotify();
  const [hours, setHours] = useState(48);
  const [only, setOnly] = useState<Only>('all');
  const [by, setBy] = useState<ChartBy>('level');
  const narrow = useCardLayout();
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);
  const loaded = useLoad(() => certificatesApi.overdue({ dueWithinHours: hours }).then((r) => r.rows), [hours]);
  useLoadErrorNotice(loaded.error);
  const reload = () => void loaded.reload();
  useCertificateLive(reload);
  const { nudge, busy } = useNudge(reload);

  const rows = loaded.data ?? [];
  const shown = rows.filter((r) => only === 'all' || (only === 'overdue' ? r.overdue : !r.overdue));
  const rowActions = (r: OverdueRow) => (r.manage || r.adjust ? <RowActions r={r} busy={!!busy} nudge={nudge} onAdjust={setAdjusting} /> : undefined);
  return (
    <Page title={t('cert.overdue.title')} testId="overdue-dashboard">
      <Filters only={only} setOnly={setOnly} hours={hours} setHours={setHours} by={by} setBy={setBy} />
      <OverdueChart shown={shown} by={by} />
      {narrow ? <OverdueCards shown={shown} rowActions={rowActions} /> : <OverdueTable shown={shown} rowActions={rowActions} />}
      <AdjustLevelDialog
        target={adjusting}
        onClose={() => setAdjusting(null)}
        onDone={() => {
          setAdjusting(null);
          notify.success(t('cert.inFlight.adjusted'));
          reload();
        }}
      />
    </Page>
  );
}

function Filters(p: { only: Only; setOnly: (v: Only) => void; hours: number; setHours: (h: number) => void; by: ChartBy; setBy: (v: ChartBy) => void }) {
  const { t } = useI18n();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <ToggleButtonGroup exclusive size="small" value={p.only} onChange={(_e, v) => v && p.setOnly(v)}>
        <ToggleButton value="all">{t('cert.overdue.all')}</ToggleButton>
        <ToggleButton value="overdue" data-testid="filter-overdue">
          {t('cert.toggle.overdue')}
        </ToggleButton>
        <ToggleButton value="dueSoon">{t('cert.overdue.dueSoon')}</ToggleButton>
      </ToggleButtonGroup>
      <TextField
        select
        size="small"
        label={t('cert.overdue.window')}
        value={p.hours}
        onChange={(e) => p.setHours(Number(e.target.value))}
        sx={{ minWidth: 160 }}
      >
        {[24, 48, 72, 168].map((h) => (
          <MenuItem key={h} value={h}>
            {h} h
          </MenuItem>
        ))}
      </TextField>
      <ToggleButtonGroup exclusive size="small" value={p.by} onChange={(_e, v) => v && p.setBy(v)}>
        <ToggleButton value="level">{t('cert.overdue.byLevel')}</ToggleButton>
        <ToggleButton value="approver">{t('cert.overdue.byApprover')}</ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}

/** How many of the shown certificates wait at each level, or on each approver (the 15 largest). */
function OverdueChart({ shown, by }: { shown: OverdueRow[]; by: ChartBy }) {
  const { t } = useI18n();
  const chart = useMemo(() => {
    const m = new Map<string, number>();
    for (const r of shown) {
      const keys = by === 'level' ? [`${r.level}. ${r.group}`] : r.holders.map((h) => h.fullName);
      for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
    }
    return [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
  }, [shown, by]);
  if (!chart.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1, mb: 2 }}>
      <BarChart
        height={260}
        xAxis={[{ scaleType: 'band', data: chart.map((c) => c[0]) }]}
        series={[{ data: chart.map((c) => c[1]), label: t('cert.overdue.count') }]}
      />
    </Paper>
  );
}

/** Remind the level's signers, reassign the level, escalate: as the row allows. */
function RowActions({
  r,
  busy,
  nudge,
  onAdjust,
}: {
  r: OverdueRow;
  busy: boolean;
  nudge: (id: string, kind: 'signers' | 'escalation') => Promise<unknown>;
  onAdjust: (a: AdjustTarget) => void;
}) {
  const { t } = useI18n();
  const adjust = () =>
    onAdjust({
      certificateId: r._id,
      approvalNumber: r.approvalNumber,
      levelId: r.levelId,
      level: r.level,
      deadline: r.deadline,
      signers: r.signers,
      submitterId: '',
    });
  return (
    <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
      {r.manage && (
        <Button size="small" onClick={() => void nudge(r._id, 'signers')} disabled={busy} data-testid={`remind-${r.approvalNumber}`}>
          {t('cert.inFlight.remind')}
        </Button>
      )}
      {r.adjust && (
        <Button size="small" onClick={adjust} data-testid={`reassign-${r.approvalNumber}`}>
          {t('cert.overdue.reassign')}
        </Button>
      )}
      {r.manage && (
        <Button size="small" onClick={() => void nudge(r._id, 'escalation')} disabled={busy} data-testid={`escalate-${r.approvalNumber}`}>
          {t('cert.inFlight.escalate')}
        </Button>
      )}
    </Stack>
  );
}

interface RowsProps {
  shown: OverdueRow[];
  rowActions: (r: OverdueRow) => ReactNode;
}

/** The cells every layout shows of a row. */
function useRowParts() {
  const { t, date } = useI18n();
  return {
    numberLink: (r: OverdueRow) => (
      <Link component={RouterLink} to={`/views/approval/detail?id=${encodeURIComponent(r._id)}`}>
        {r.approvalNumber}
      </Link>
    ),
    stateChip: (r: OverdueRow) => (
      <Chip size="small" color={r.overdue ? 'error' : 'warning'} label={t(r.overdue ? 'cert.toggle.overdue' : 'cert.overdue.dueSoon')} />
    ),
    holders: (r: OverdueRow) => r.holders.map((h) => h.fullName).join(', '),
    // the level's due date with how late it is (or how long is left)
    dueWithLateness: (r: OverdueRow) => {
      const l = lateness(r.deadline);
      return `${date(r.deadline)}${l ? ` (${t(l.key, l.vars)})` : ''}`;
    },
  };
}

/** Below 768 px: one card per certificate (eight columns do not fit a phone), the number still links to it. */
function OverdueCards({ shown, rowActions }: RowsProps) {
  const { t, date } = useI18n();
  const p = useRowParts();
  if (shown.length === 0) return <Typography color="text.secondary">{t('cert.overdue.none')}</Typography>;
  return (
    <RowCards
      testId="overdue-table"
      rows={shown.map((r) => ({
        key: r._id,
        testId: `overdue-row-${r.approvalNumber}`,
        title: p.numberLink(r),
        badge: p.stateChip(r),
        fields: [
          [t('cert.name'), r.approvalName],
          [t('cert.level'), `${r.level}. ${storedWord(r.group, t)}`],
          [t('cert.overdue.holders'), p.holders(r)],
          [t('cert.overdue.since'), date(r.since)],
          [t('cert.due'), p.dueWithLateness(r)],
          [t('cert.overdue.reminders'), r.remindersSent],
        ],
        actions: rowActions(r) || undefined,
      }))}
    />
  );
}

function OverdueTable({ shown, rowActions }: RowsProps) {
  const { t, date } = useI18n();
  const p = useRowParts();
  return (
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
              <TableCell>{p.numberLink(r)}</TableCell>
              <TableCell>{r.approvalName}</TableCell>
              <TableCell>
                {r.level}. {storedWord(r.group, t)}
              </TableCell>
              <TableCell>{p.holders(r)}</TableCell>
              <TableCell>{date(r.since)}</TableCell>
              <TableCell>{p.dueWithLateness(r)}</TableCell>
              <TableCell>{r.remindersSent}</TableCell>
              <TableCell>{p.stateChip(r)}</TableCell>
              <TableCell>{rowActions(r)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
