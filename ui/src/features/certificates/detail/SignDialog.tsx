import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { CertificateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { SignReview } from './SignReview';
import { EvidencePanel } from './EvidencePanel';
import { OpenCriticalNotice } from '../../corrective-actions/OpenCriticalNotice';
import { useSigning, type SignedBy, type Signing } from './use-signing';

/**
 * Signing (docs/spec/approvals.md §2 'Sign and Endorse'; one word on screen: Sign): what is signed,
 * note, one-time code and - when the signer has a digital signature - its password (use-signing.ts).
 * A refusal shows in red inside the modal and the certificate stays (docs/spec/approvals.md §8).
 */
export function SignDialog({
  open,
  approval,
  onClose,
  onSigned,
}: {
  open: boolean;
  approval: CertificateView;
  onClose(): void;
  onSigned(a: CertificateView, by: SignedBy): void;
}) {
  const { t } = useI18n();
  const signing = useSigning(approval, open, onSigned);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    // wide on a desktop: the evidence (photo, framed PDFs, the limits table) is read here before signing
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} data-testid="sign-dialog">
      <DialogTitle>{t('cert.signTitle', { number: approval.approvalNumber })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <SignReview approval={approval} />
          <EvidencePanel approval={approval} inDialog />
          <OpenCriticalNotice />
          {signing.mode === 'passkey' ? <PasskeyFields signing={signing} /> : <SignFields approval={approval} signing={signing} />}
        </Stack>
      </DialogContent>
      {/* the refusal shows beside the button that was pressed, always in view (on a phone the fields scroll above it) */}
      <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
        {signing.refusal.error && (
          <Alert severity="error" role="alert" data-testid="sign-error" sx={{ m: 0 }}>
            {signing.refusal.error}
          </Alert>
        )}
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={onClose} disabled={signing.busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void signing.sign()} disabled={signing.busy} data-testid="sign-now">
            {t('cert.signNow')}
          </Button>
        </Stack>
      </DialogActions>
    </Dialog>
  );
}

/** Note and what the passkey signs; the e-mailed code as the fallback. No code and no signature password: the passkey signs. */
function PasskeyFields({ signing }: { signing: Signing }) {
  const { t } = useI18n();
  const f = signing.fields;
  return (
    <>
      <NoteField signing={signing} />
      <Typography variant="body2" data-testid="sign-passkey-explained">
        {t('passkey.sign.explain')}
      </Typography>
      <Button size="small" onClick={signing.switchToCode} sx={{ alignSelf: 'flex-start', minHeight: 44 }} data-testid="sign-use-code">
        {t('passkey.sign.useCode')}
      </Button>
      {f.info && <Typography variant="caption">{f.info}</Typography>}
    </>
  );
}

function NoteField({ signing }: { signing: Signing }) {
  const { t } = useI18n();
  const f = signing.fields;
  return (
    <TextField
      label={t('cert.note')}
      value={f.note}
      onChange={(e) => f.setNote(e.target.value)}
      multiline
      minRows={2}
      inputProps={{ 'data-testid': 'sign-note' }}
    />
  );
}

/** Note, one-time code (with a new one on request), and how the signer's own signature is given. */
function SignFields({ approval, signing }: { approval: CertificateView; signing: Signing }) {
  const { t } = useI18n();
  const { fields: f, refusal, wait } = signing;
  return (
    <>
      <NoteField signing={signing} />
      <TextField
        label={t('cert.otp')}
        value={f.otp}
        onChange={(e) => f.setOtp(e.target.value)}
        error={refusal.codeWrong}
        helperText={f.info ?? t('OTP_SENT')}
        inputProps={{ 'data-testid': 'sign-otp', inputMode: 'numeric', autoComplete: 'one-time-code' }}
      />
      <DigitalSignatureField approval={approval} signing={signing} />
      <Button size="small" onClick={() => void signing.requestCode()} disabled={wait > 0} sx={{ alignSelf: 'flex-start' }} data-testid="sign-resend">
        {wait > 0 ? t('cert.resendIn', { s: wait }) : t('cert.resendCode')}
      </Button>
      {signing.withPasskey && (
        <Button size="small" onClick={signing.switchToPasskey} sx={{ alignSelf: 'flex-start' }} data-testid="sign-use-passkey">
          {t('passkey.sign.usePasskey')}
        </Button>
      )}
    </>
  );
}

/** The digital signature's password for a signer who has one; otherwise where to set one up. */
function DigitalSignatureField({ approval, signing }: { approval: CertificateView; signing: Signing }) {
  const { t } = useI18n();
  const f = signing.fields;
  if (!approval.can?.signaturePassword)
    return (
      <Typography variant="caption" data-testid="sign-no-digital-signature">
        {t('cert.sign.noDigitalSignature')}{' '}
        <Link component={RouterLink} to="/views/signature/create">
          {t('cert.sign.setUpSignature')}
        </Link>
      </Typography>
    );
  return (
    <TextField
      type="password"
      label={t('cert.signaturePassword')}
      value={f.password}
      onChange={(e) => f.setPassword(e.target.value)}
      error={signing.refusal.passwordWrong}
      helperText={t('cert.sign.passwordExplained')}
      inputProps={{ 'data-testid': 'sign-password' }}
    />
  );
}
