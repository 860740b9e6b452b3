import { useEffect, useState } from 'react';
import { Alert, Autocomplete, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import type { CertificateView, CompanyPerson } from '@grain/domain';
import { certificatesApi } from '../api';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app';
import { DateField } from '../../../app/DateField';
import { parseDay } from '../../../i18n/dates';
import { today } from '../form/form-model';

/** The due time has passed. */
const missed = (deadline: string) => Date.parse(deadline) < Date.now();
/** yyyy-mm-dd, `n` days from today (local). */
function dayAfter(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The level being changed: its id, number, due time and the signers asked now (not delegates). */
export interface AdjustTarget {
  certificateId: string;
  approvalNumber: string;
  levelId: string;
  level: number;
  deadline: string;
  signers: Array<{ _id: string; fullName: string }>;
  submitterId: string;
}

/**
 * Changes a level of a certificate in flight: its due date and who is asked to sign, without sending it
 * back. Whoever signed stays (the server refuses removing them); new signers are mailed at once.
 */
export function AdjustLevelDialog({ target, onClose, onDone }: { target: AdjustTarget | null; onClose(): void; onDone(a: CertificateView): void }) {
  const { t, date } = useI18n();
  const [people, setPeople] = useState<CompanyPerson[]>([]);
  const [due, setDue] = useState('');
  const [chosen, setChosen] = useState<Array<{ _id: string; fullName: string }>>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!target) return;
    // a due date already missed is not kept for whoever is asked now: a new one is offered (two days on)
    setDue(missed(target.deadline) ? dayAfter(2) : target.deadline.slice(0, 10));
    setChosen(target.signers);
    setError(null);
    if (!people.length)
      certificatesApi
        .createInfo()
        .then((r) => setPeople(r.signers))
        .catch((e) => setError(errorText(e, t)));
  }, [target, people.length, t]);
  if (!target) return null;

  const dueChanged = due !== target.deadline.slice(0, 10);
  const ids = (xs: Array<{ _id: string }>) => xs.map((x) => x._id).join(',');
  const signersChanged = ids(chosen) !== ids(target.signers);
  const save = async () => {
    if (!due) return setError(t('cert.inFlight.dueRequired'));
    if (!parseDay(due)) return setError(t('date.invalid'));
    if (chosen.length === 0) return setError(t('cert.inFlight.signerRequired'));
    setBusy(true);
    setError(null);
    try {
      const body = { ...(dueChanged ? { deadline: due } : {}), ...(signersChanged ? { signers: chosen.map((c) => c._id) } : {}) };
      onDone((await certificatesApi.updateLevel(target.levelId, body)).approval);
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };
  const shown = new Set(chosen.map((c) => c._id));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="adjust-dialog">
      <DialogTitle>{t('cert.inFlight.adjustTitle', { number: target.approvalNumber, level: target.level })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('cert.inFlight.adjustExplained')}
          </Typography>
          {missed(target.deadline) && (
            <Alert severity="warning" data-testid="adjust-missed">
              {t('cert.inFlight.dueMissed', { date: date(target.deadline) })}
            </Alert>
          )}
          <DateField label={t('cert.due')} value={due} onChange={setDue} testId="adjust-due" min={today()} />
          <Typography variant="subtitle2">{t('cert.inFlight.signers')}</Typography>
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap data-testid="adjust-signers">
            {chosen.map((c) => (
              <Chip key={c._id} label={c.fullName} onDelete={() => setChosen(chosen.filter((x) => x._id !== c._id))} data-testid={`adjust-signer-${c._id}`} />
            ))}
          </Stack>
          <Autocomplete
            options={people.filter((p) => !shown.has(p._id) && p._id !== target.submitterId)}
            value={null}
            blurOnSelect
            clearOnBlur
            getOptionLabel={(p) => `${p.fullName} (${p.email})`}
            onChange={(_e, p) => p && setChosen([...chosen, { _id: p._id, fullName: p.fullName }])}
            renderInput={(p) => <TextField {...p} label={t('cert.searchSigner')} inputProps={{ ...p.inputProps, 'data-testid': 'adjust-search' }} />}
          />
          {error && (
            <Typography color="error" data-testid="adjust-error">
              {error}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || (!dueChanged && !signersChanged)} data-testid="adjust-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
