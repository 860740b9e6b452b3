import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useI18n } from '../../i18n/i18n';
import { usePasskeyEnrolment } from './PasskeysPanel';

/** Offered once a signer signed with the e-mailed code and has no passkey: add one here, and sign with one tap next time. */
export function PasskeyOfferDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useI18n();
  const enrol = usePasskeyEnrolment(onClose);
  return (
    <Dialog open={open} onClose={onClose} data-testid="passkey-offer" aria-labelledby="passkey-offer-title">
      <DialogTitle id="passkey-offer-title">{t('passkey.offer.title')}</DialogTitle>
      <DialogContent>
        <Typography>{t('passkey.offer.text')}</Typography>
        {enrol.error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {enrol.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="passkey-offer-later">
          {t('passkey.offer.notNow')}
        </Button>
        <Button variant="contained" onClick={() => void enrol.add()} disabled={enrol.busy} data-testid="passkey-offer-add">
          {t('passkey.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
