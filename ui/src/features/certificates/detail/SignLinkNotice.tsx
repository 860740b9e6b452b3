import { Alert, Button } from '@mui/material';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CertificateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app/auth';
import { LOGIN_PATH, type LoginRedirect } from '../../../app/navigation';

/**
 * A sign link opened by someone the certificate does not ask to sign now: whose link it is, and a way
 * to switch to that account (the login page then returns to this link for whoever signs in).
 */
export function SignLinkNotice({ a, askedToSign }: { a: CertificateView; askedToSign: boolean }) {
  const { t } = useI18n();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  if (!askedToSign || a.can?.sign || a.waitingFor?.who !== 'signers') return null;
  const switchAccount = async () => {
    const from = `${location.pathname}${location.search}`;
    await logout().catch(() => undefined);
    // after the guard's own redirect
    setTimeout(() => navigate(LOGIN_PATH, { replace: true, state: { from } satisfies LoginRedirect }), 0);
  };
  return (
    <Alert
      severity="info"
      sx={{ mt: 2 }}
      data-testid="sign-link-other"
      action={
        <Button color="inherit" onClick={() => void switchAccount()} data-testid="switch-account">
          {t('cert.signLink.switch')}
        </Button>
      }
    >
      {t('cert.signLink.other', { names: a.waitingFor.names.join(', '), level: a.waitingFor.level ?? a.stageLevel, you: user?.fullName ?? '' })}
    </Alert>
  );
}
