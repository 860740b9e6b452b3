import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { certificatesApi } from '../api';
import { SUBMITTER_LEVEL, type CertificateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app';
import { storedWord } from '../../../app/stored-text';

/**
 * Sending a certificate back (docs/spec/approvals.md §2 "Reject To"): to the submitter (level 0: update and
 * resubmit, signing starts again at level 1), to an earlier level (after the submitter's resubmit), or
 * to the current level (its signatures cleared, nothing to update); a reason is required.
 */
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
  // sending back usually means "the submitter has something to put right"; the levels are offered too
  const defaultTarget = SUBMITTER_LEVEL;
  const [toLevel, setToLevel] = useState<number>(defaultTarget);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const targets = approval.approvalLevels.filter((l) => l.level <= approval.stageLevel);
  const targetLabel = (l: (typeof targets)[number]) =>
    t(l.level === approval.stageLevel ? 'cert.rejectTo.same' : 'cert.rejectTo.level', { n: l.level, group: storedWord(l.group, t) });
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
      <DialogTitle>{t('cert.rejectTitle', { number: approval.approvalNumber })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label={t('cert.rejectTarget')}
            value={toLevel}
            onChange={(e) => setToLevel(Number(e.target.value))}
            inputProps={{ 'data-testid': 'reject-target' }}
          >
            <MenuItem value={SUBMITTER_LEVEL}>{t('cert.rejectTo.submitter', { name: approval.submitter?.fullName ?? '' })}</MenuItem>
            {targets.map((l) => (
              <MenuItem key={l.level} value={l.level}>
                {targetLabel(l)}
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
