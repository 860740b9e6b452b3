import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { actionsApi } from '../api';
import type { ActionStep } from './use-action-step';

/** The verifier's verdict on a submitted fix: accept it, or reopen it with a reason (asked in a dialog). */
export function Verdict({ id, step }: { id: string; step: ActionStep }) {
  const { t } = useI18n();
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState('');
  const reopen = async () => {
    if (!(await step.step(() => actionsApi.reopen(id, reason), 'ca.done.reopen'))) return;
    setReopening(false);
    setReason('');
  };
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="contained"
          color="success"
          disabled={step.busy}
          onClick={() => void step.step(() => actionsApi.verify(id), 'ca.done.verify')}
          data-testid="ca-verify"
        >
          {t('ca.verify')}
        </Button>
        <Button variant="outlined" color="warning" disabled={step.busy} onClick={() => setReopening(true)} data-testid="ca-reopen">
          {t('ca.reopen')}
        </Button>
      </Stack>
      <Dialog open={reopening} onClose={() => setReopening(false)} fullWidth>
        <DialogTitle>{t('ca.reopen')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            label={t('ca.reopenReason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            sx={{ mt: 1 }}
            inputProps={{ 'data-testid': 'ca-reopen-reason', maxLength: 2000 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReopening(false)}>{t('ca.cancel')}</Button>
          <Button variant="contained" disabled={step.busy} data-testid="ca-reopen-confirm" onClick={() => void reopen()}>
            {t('ca.reopen')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
