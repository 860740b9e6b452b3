import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app';

/** What the dialog ends: a certificate in flight (withdraw) or an issued one (revoke). */
export type EndingKind = 'withdraw' | 'revoke';
const TEXT: Record<EndingKind, { title: string; explained: string; action: string }> = {
  withdraw: { title: 'cert.inFlight.withdrawTitle', explained: 'cert.inFlight.withdrawExplained', action: 'cert.inFlight.withdraw' },
  revoke: { title: 'cert.revoke.title', explained: 'cert.revoke.explained', action: 'cert.revoke.action' },
};

/**
 * Withdraws a certificate in flight (the reason is mailed to whoever signed or is asked to sign), or
 * revokes an issued one (the reason goes on the ledger and on the public verify page). A reason is required.
 */
export function WithdrawDialog({
  open,
  onClose,
  onWithdraw,
  kind = 'withdraw',
}: {
  open: boolean;
  onClose(): void;
  onWithdraw(reason: string): Promise<void>;
  kind?: EndingKind;
}) {
  const text = TEXT[kind];
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
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid={`${kind}-dialog`}>
      <DialogTitle>{t(text.title)}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t(text.explained)}
        </Typography>
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={t('cert.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          inputProps={{ 'data-testid': `${kind}-reason`, maxLength: 500 }}
        />
        {error && (
          <Typography color="error" sx={{ mt: 1 }} data-testid={`${kind}-error`}>
            {error}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={() => void submit()} disabled={busy} data-testid={`${kind}-submit`}>
          {t(text.action)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
