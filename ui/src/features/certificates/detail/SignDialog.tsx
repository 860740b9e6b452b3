import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { ApiError } from '../../../api/client';
import { certificatesApi } from '../api';
import type { CertificateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app';
import { SignReview } from './SignReview';
import { OpenCriticalNotice } from '../../corrective-actions/OpenCriticalNotice';

/** Seconds before another code may be asked for (the server limits code requests too, and says so). */
const RESEND_AFTER_S = 30;

/** No answer in time: the server may already have spent the code (and may still apply the signature). */
const NO_ANSWER = new Set(['APPROVAL_SERVICE_BUSY', 'REQUEST_TIMEOUT']);

/**
 * Signing (docs/spec/approvals.md §2 'Sign and Endorse'; one word on screen: Sign): opening asks the server to mail a one-time code (the modal opens
 * either way, docs/spec/approvals.md §7); note, code and - when the signer has a digital signature - its password.
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
  onSigned(a: CertificateView): void;
}) {
  const { t } = useI18n();
  const level = approval.approvalLevels.find((l) => l.level === approval.stageLevel);
  const [note, setNote] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [info, setInfo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const codeWrong = !!errorCode && errorCode.startsWith('OTP_');
  const passwordWrong = errorCode === 'SIGNATURE_PASSWORD_WRONG';
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const requestCode = async () => {
    if (!level) return;
    setError(null);
    setWait(RESEND_AFTER_S);
    try {
      const r = await certificatesApi.requestOtp(level._id, approval._id);
      setInfo(r.invalidMsg || t('OTP_SENT'));
    } catch (e) {
      setError(errorText(e, t));
    }
  };
  useEffect(() => {
    if (open) {
      setOtp('');
      setNote('');
      setPassword('');
      setInfo(null);
      setErrorCode(null);
      void requestCode();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const sign = async () => {
    if (!level) return;
    if (!otp.trim()) {
      setErrorCode('OTP_REQUIRED');
      return setError(t('OTP_REQUIRED'));
    }
    setBusy(true);
    setError(null);
    setErrorCode(null);
    try {
      const r = await certificatesApi.sign(level._id, {
        approval: approval._id,
        otp: otp.trim(),
        note: note.trim() || undefined,
        signaturePassword: password || undefined,
      });
      onSigned(r.approval);
    } catch (e) {
      setError(errorText(e, t));
      setErrorCode(e instanceof ApiError ? e.code : null);
      // Note and code stay as typed; the server checks (and so spends) the code before it waits.
      if (e instanceof ApiError && NO_ANSWER.has(e.code)) setInfo(t('cert.codeSpentRetry'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} data-testid="sign-dialog">
      <DialogTitle>{t('cert.signTitle', { number: approval.approvalNumber })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <SignReview approval={approval} />
          <OpenCriticalNotice />
          <TextField
            label={t('cert.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            inputProps={{ 'data-testid': 'sign-note' }}
          />
          <TextField
            label={t('cert.otp')}
            value={otp}
            onChange={(e) => setOtp(e.target.value)}
            error={codeWrong}
            helperText={info ?? t('OTP_SENT')}
            inputProps={{ 'data-testid': 'sign-otp', inputMode: 'numeric', autoComplete: 'one-time-code' }}
          />
          {approval.can?.signaturePassword ? (
            <TextField
              type="password"
              label={t('cert.signaturePassword')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={passwordWrong}
              helperText={t('cert.sign.passwordExplained')}
              inputProps={{ 'data-testid': 'sign-password' }}
            />
          ) : (
            <Typography variant="caption" data-testid="sign-no-digital-signature">
              {t('cert.sign.noDigitalSignature')}{' '}
              <Link component={RouterLink} to="/views/signature/create">
                {t('cert.sign.setUpSignature')}
              </Link>
            </Typography>
          )}
          <Button size="small" onClick={() => void requestCode()} disabled={wait > 0} sx={{ alignSelf: 'flex-start' }} data-testid="sign-resend">
            {wait > 0 ? t('cert.resendIn', { s: wait }) : t('cert.resendCode')}
          </Button>
        </Stack>
      </DialogContent>
      {/* the refusal shows beside the button that was pressed, always in view (on a phone the fields scroll above it) */}
      <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
        {error && (
          <Alert severity="error" role="alert" data-testid="sign-error" sx={{ m: 0 }}>
            {error}
          </Alert>
        )}
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void sign()} disabled={busy} data-testid="sign-now">
            {t('cert.signNow')}
          </Button>
        </Stack>
      </DialogActions>
    </Dialog>
  );
}
