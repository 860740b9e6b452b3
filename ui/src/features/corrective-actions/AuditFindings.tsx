import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Checkbox, Chip, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { ACTION_SEVERITIES, checkTitle, correctiveActionPath, type ActionPerson, type ActionSeverity, type AuditActionsAnswer } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { useAuth, useNotify } from '../../app';
import { can } from '../../app/auth';
import { useLoad } from '../../app/use-load';
import { actionsApi } from './api';
import { StateChip } from './parts';

type Check = AuditActionsAnswer['checks'][number];

/** One check: its result, its corrective action (or none yet), what earlier actions on the farm came to; a box to pick it. */
function FindingRow({ c, mayPick, picked, onPick }: { c: Check; mayPick: boolean; picked: boolean; onPick: (on: boolean) => void }) {
  const { t, lang } = useI18n();
  return (
    <Box sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }} data-testid={`ca-finding-${c.index}`}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        {mayPick && !c.action && (
          <Checkbox
            size="small"
            checked={picked}
            onChange={(e) => onPick(e.target.checked)}
            inputProps={{ 'aria-label': checkTitle(c.check, lang) }}
            data-testid={`ca-pick-${c.index}`}
          />
        )}
        <Typography variant="body2" sx={{ flex: 1, minWidth: 160 }}>
          {c.index + 1}. {checkTitle(c.check, lang)}
        </Typography>
        <Chip size="small" color={c.result === 'Compliant' ? 'success' : 'error'} label={t(`ca.result.${c.result}`)} />
        {c.action ? (
          <Link component={RouterLink} to={correctiveActionPath(c.action.id)} data-testid={`ca-finding-action-${c.index}`}>
            <StateChip row={c.action} />
          </Link>
        ) : (
          c.result === 'Non-Compliant' && <Typography variant="caption">{t('ca.noAction')}</Typography>
        )}
      </Stack>
      {c.earlier.map((e) => (
        <Typography key={e.id} variant="caption" display="block" color={e.fixed ? 'success.main' : 'warning.main'} data-testid="ca-earlier">
          <Link component={RouterLink} to={correctiveActionPath(e.id)}>
            {t(e.fixed ? 'ca.earlierFixed' : 'ca.earlierNotFixed', { state: t(`ca.status.${e.status}`) })}
          </Link>
        </Typography>
      ))}
    </Box>
  );
}

/** What the new actions get: owner, severity, due date. */
function useNewActionFields() {
  const [ownerId, setOwnerId] = useState('');
  const [severity, setSeverity] = useState<ActionSeverity>('major');
  const [due, setDue] = useState('');
  return { ownerId, setOwnerId, severity, setSeverity, due, setDue };
}

/** Owner, severity and due date for the new actions, and making them for the picked checks or all. */
function NewActionsBar({
  f,
  owners,
  busy,
  pickedCount,
  onCreate,
}: {
  f: ReturnType<typeof useNewActionFields>;
  owners: ActionPerson[];
  busy: boolean;
  pickedCount: number;
  onCreate: (all: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }} alignItems={{ sm: 'center' }} flexWrap="wrap" useFlexGap>
      {/* native selects: the phone's own picker */}
      <TextField
        select
        SelectProps={{ native: true }}
        InputLabelProps={{ shrink: true }}
        size="small"
        label={t('ca.owner')}
        value={f.ownerId}
        onChange={(e) => f.setOwnerId(e.target.value)}
        sx={{ minWidth: 180 }}
        inputProps={{ 'data-testid': 'ca-owner-select' }}
      >
        <option value="" />
        {owners.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </TextField>
      <TextField
        select
        SelectProps={{ native: true }}
        size="small"
        label={t('ca.severity')}
        value={f.severity}
        onChange={(e) => f.setSeverity(e.target.value as ActionSeverity)}
        sx={{ minWidth: 140 }}
        inputProps={{ 'data-testid': 'ca-severity-select' }}
      >
        {ACTION_SEVERITIES.map((s) => (
          <option key={s} value={s}>
            {t(`ca.severity.${s}`)}
          </option>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label={t('ca.dueDefault')}
        value={f.due}
        onChange={(e) => f.setDue(e.target.value)}
        InputLabelProps={{ shrink: true }}
        inputProps={{ 'data-testid': 'ca-due-input' }}
      />
      <Button variant="contained" disabled={busy || !f.ownerId || !pickedCount} onClick={() => onCreate(false)} data-testid="ca-create-selected">
        {t('ca.createSelected')}
      </Button>
      <Button variant="outlined" disabled={busy || !f.ownerId} onClick={() => onCreate(true)} data-testid="ca-create-all">
        {t('ca.createAll')}
      </Button>
    </Stack>
  );
}

/**
 * On an audited submission's page: each check with its result and its corrective action (state, link),
 * what earlier actions on the same farm came to (fixed since, or found again), and — for whoever may
 * make actions — choosing checks to turn into actions (severity, owner, due date), or all at once.
 */
export function AuditFindings({ complianceId }: { complianceId: string }) {
  const { t } = useI18n();
  const notify = useNotify();
  const { user } = useAuth();
  const mayCreate = can(user, 'createCorrectiveAction');
  // the audit's checks with their actions (hidden when they cannot be read), and who may own an action
  const audit = useLoad(() => actionsApi.audit(complianceId), [complianceId]);
  const data = audit.error ? null : audit.data;
  const owners = useLoad(async () => (mayCreate ? (await actionsApi.owners()).owners : []), [mayCreate]);
  const [picked, setPicked] = useState<number[]>([]);
  const f = useNewActionFields();
  const { ownerId, severity, due } = f;
  const [busy, setBusy] = useState(false);
  if (!data || !data.checks.length) return null;

  const create = async (all: boolean) => {
    setBusy(true);
    try {
      const r = await actionsApi.create(
        all
          ? { complianceId, all: true, ownerId }
          : { complianceId, items: picked.map((checkIndex) => ({ checkIndex, severity, ownerId, ...(due ? { dueAt: due } : {}) })) },
      );
      notify.success(t('ca.created', { n: r.created.length }));
      setPicked([]);
      void audit.reload();
    } catch (e) {
      notify.error(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="ca-findings">
      <Typography variant="h6">{t('ca.findings')}</Typography>
      {data.checks.map((c) => (
        <FindingRow
          key={c.index}
          c={c}
          mayPick={mayCreate}
          picked={picked.includes(c.index)}
          onPick={(on) => setPicked((p) => (on ? [...p, c.index] : p.filter((x) => x !== c.index)))}
        />
      ))}
      {mayCreate && (
        <NewActionsBar f={f} owners={owners.error ? [] : (owners.data ?? [])} busy={busy} pickedCount={picked.length} onCreate={(all) => void create(all)} />
      )}
    </Paper>
  );
}
