import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { certificatesApi } from '../api';
import type { CertificateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app';
import { storedWord } from '../../../app/stored-text';

/** 'Reject To' (docs/spec/approvals.md §2): the level to send back to (by group name, up to the current) and a required reason. */
export function RejectDialog({
  open,
  approval,
  onClose,
  onDone,
}: {
  open: boolean;
  approval: CertificateView;
  onClose(): void;
  onDone(a: CertificateView): void;
}) {
  const { t } = useI18n();
  // sending back usually means "the level before mine should look again"; the current level is still offered
  const defaultTarget = Math.max(1, approval.stageLevel - 1);
  const [toLevel, setToLevel] = useState<number>(defaultTarget);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const targets = approval.approvalLevels.filter((l) => l.level <= approval.stageLevel);
  // The dialog stays mounted while the certificate moves on (live updates): start from the level before it.
  useEffect(() => {
    if (open) {
      setToLevel(defaultTarget);
      setError(null);
    }
  }, [open, defaultTarget]);

  const submit = async () => {
    if (!reason.trim()) return setError(t('REASON_REQUIRED'));
    setBusy(true);
    setError(null);
    try {
      onDone((await certificatesApi.reject(approval._id, { toLevel, reason: reason.trim() })).approval);
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="reject-dialog">
      <DialogTitle>{t('cert.rejectTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label={t('cert.rejectTarget')}
            value={toLevel}
            onChange={(e) => setToLevel(Number(e.target.value))}
            inputProps={{ 'data-testid': 'reject-target' }}
          >
            {targets.map((l) => (
              <MenuItem key={l.level} value={l.level}>
                {l.level}. {storedWord(l.group, t)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={`${t('cert.reason')} *`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            inputProps={{ 'data-testid': 'reject-reason' }}
          />
          {error && (
            <Typography color="error" data-testid="reject-error">
              {error}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={() => void submit()} disabled={busy} data-testid="reject-submit">
          {t('cert.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
