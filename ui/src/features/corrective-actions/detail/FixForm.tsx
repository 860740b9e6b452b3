import { useRef, useState } from 'react';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import type { EvidenceView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { useNotify } from '../../../app';
import { actionsApi } from '../api';
import type { ActionStep } from './use-action-step';

/** The owner's fix: a note and the evidence files (uploaded one by one, removable until the fix is sent), then submit. */
export function FixForm({ id, step }: { id: string; step: ActionStep }) {
  const { t } = useI18n();
  const [note, setNote] = useState('');
  const evidence = useEvidence(id, step);
  const submit = async () => {
    const ok = await step.step(
      () =>
        actionsApi.submitFix(
          id,
          note,
          evidence.files.map((e) => e.id),
        ),
      'ca.done.fix',
    );
    if (!ok) return;
    setNote('');
    evidence.clear();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="ca-fix-form">
      <Typography variant="subtitle1">{t('ca.yourFix')}</Typography>
      <TextField
        label={t('ca.note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={3}
        fullWidth
        sx={{ my: 1 }}
        inputProps={{ 'data-testid': 'ca-note', maxLength: 2000 }}
      />
      {evidence.files.map((e) => (
        <Stack key={e.id} direction="row" spacing={1} alignItems="center" data-testid="ca-pending-evidence">
          <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {e.fileName}
          </Typography>
          <Button size="small" onClick={() => void evidence.remove(e)}>
            {t('ca.remove')}
          </Button>
        </Stack>
      ))}
      <input
        ref={evidence.input}
        type="file"
        accept=".pdf,.png,.jpg,.jpeg,.gif,application/pdf,image/*"
        hidden
        onChange={(e) => void evidence.add(e.target.files?.[0])}
        data-testid="ca-file"
      />
      <Typography variant="caption" display="block">
        {t('ca.evidenceHint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <Button variant="outlined" disabled={step.busy} onClick={() => evidence.input.current?.click()} data-testid="ca-add-file">
          {t('ca.addEvidence')}
        </Button>
        <Button variant="contained" disabled={step.busy} data-testid="ca-submit-fix" onClick={() => void submit()}>
          {t('ca.submitFix')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The evidence of the fix being written: uploaded at once (checked and hashed by the server), removable until sent. */
function useEvidence(id: string, step: ActionStep) {
  const notify = useNotify();
  const [files, setFiles] = useState<EvidenceView[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const add = async (file: File | undefined) => {
    if (!file) return;
    step.setBusy(true);
    try {
      const r = await actionsApi.upload(id, file);
      setFiles((x) => [...x, r.evidence]);
    } catch (e) {
      notify.error(e);
    } finally {
      step.setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const remove = async (e: EvidenceView) => {
    try {
      await actionsApi.removeEvidence(id, e.id);
      setFiles((x) => x.filter((y) => y.id !== e.id));
    } catch (err) {
      notify.error(err);
    }
  };
  return { files, input, add, remove, clear: () => setFiles([]) };
}
