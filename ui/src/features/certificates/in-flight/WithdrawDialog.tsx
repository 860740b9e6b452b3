import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app';

/** Withdraws a certificate in flight: the reason is required and mailed to whoever signed or is asked to sign. */
export function WithdrawDialog({ open, onClose, onWithdraw }: { open: boolean; onClose(): void; onWithdraw(reason: string): Promise<void> }) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason.trim()) return setError(t('REASON_REQUIRED'));
    setBusy(true);
    setError(null);
    try {
      await onWithdraw(reason.trim());
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="withdraw-dialog">
      <DialogTitle>{t('cert.inFlight.withdrawTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('cert.inFlight.withdrawExplained')}
        </Typography>
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={t('cert.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          inputProps={{ 'data-testid': 'withdraw-reason', maxLength: 500 }}
        />
        {error && (
          <Typography color="error" sx={{ mt: 1 }} data-testid="withdraw-error">
            {error}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={() => void submit()} disabled={busy} data-testid="withdraw-submit">
          {t('cert.inFlight.withdraw')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
