import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import type { CompanyIdentityAnswer } from '@grain/domain';
import { api } from '../../api/client';
import { useNotify } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { useAuth } from '../../app/auth';

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/** The dialog that asks why before the seal certificate is revoked. */
function RevokeDialog({ open, onClose, onRevoke }: { open: boolean; onClose: () => void; onRevoke: (reason: string) => Promise<void> }) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>{t('issuer.seal.revoke')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('issuer.seal.revokeExplained')}</DialogContentText>
        <TextField label={t('issuer.seal.reason')} value={reason} onChange={(e) => setReason(e.target.value)} fullWidth multiline sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('issuer.seal.cancel')}</Button>
        <Button
          color="error"
          disabled={busy || !reason.trim()}
          onClick={() => {
            setBusy(true);
            void onRevoke(reason.trim()).finally(() => setBusy(false));
          }}
        >
          {t('issuer.seal.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The company's seal certificate (its fingerprint), the admin's revocation of it when its key is lost or
 * stolen (the company seals with a new one from then on), and the revocations made so far.
 */
export function SealRevocation({ answer, onChange }: { answer: CompanyIdentityAnswer; onChange: (a: CompanyIdentityAnswer) => void }) {
  const { t, dateTime } = useI18n();
  const { can } = useAuth();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const fp = answer.identity.sealFingerprint;
  const revoke = async (reason: string) => {
    try {
      onChange(await api<CompanyIdentityAnswer>(`company/identity/seal/${fp}/revoke`, { method: 'POST', body: { reason } }));
      setOpen(false);
    } catch (e) {
      notify.error(e);
    }
  };
  return (
    <Box sx={{ my: 1 }}>
      {fp && (
        <>
          <Typography variant="body2" fontWeight={600}>
            {t('issuer.seal.fingerprint')}
          </Typography>
          <Typography variant="body2" sx={mono} data-testid="issuer-seal-fingerprint">
            {fp}
          </Typography>
          {can('editSystem') && (
            <Button size="small" color="error" variant="outlined" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
              {t('issuer.seal.revoke')}
            </Button>
          )}
          <RevokeDialog open={open} onClose={() => setOpen(false)} onRevoke={revoke} />
        </>
      )}
      {answer.sealRevocations.length > 0 && (
        <List dense data-testid="issuer-seal-revocations">
          {answer.sealRevocations.map((r) => (
            <ListItem key={`${r.caFingerprint}:${r.serial}`} disableGutters>
              <ListItemText
                primary={t('issuer.seal.revoked', { date: dateTime(r.revokedAt), serial: r.serial })}
                secondary={[r.reason, r.by].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
