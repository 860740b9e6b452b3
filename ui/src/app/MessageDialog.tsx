import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useI18n } from '../i18n/i18n';

/** The 'Message' error dialog of docs/spec/approvals.md §2: a text and an OK button. */
export function MessageDialog({ open, message, title, onClose }: { open: boolean; message: string; title?: string; onClose(): void }) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="message-dialog-title" data-testid="message-dialog">
      <DialogTitle id="message-dialog-title">{title ?? t('message.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A yes / no question before a destructive action (user delete, ...). */
export function ConfirmDialog({
  open,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
}: {
  open: boolean;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-dialog-title" data-testid="confirm-dialog">
      <DialogTitle id="confirm-dialog-title">{t('confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={busy} data-testid="confirm-yes">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
