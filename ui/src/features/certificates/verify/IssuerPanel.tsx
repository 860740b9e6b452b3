import { useEffect, useState } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import type { IssuerAnchorAnswer, IssuerIdentityView } from '@grain/domain';
import { certificatesApi } from '../api';
import { useI18n } from '../../../i18n/i18n';

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/**
 * Who issued the certificate, bound to things outside this site: its registration in a public register
 * (ABN or Vietnamese enterprise code), whether the platform's operator verified it, the fingerprint of its
 * CA, and what the issuer's own domain publishes (did:web), read now.
 */
export function IssuerPanel({ issuer, contentHash }: { issuer: IssuerIdentityView; contentHash: string }) {
  const { t, date } = useI18n();
  const [anchor, setAnchor] = useState<IssuerAnchorAnswer | null>(null);
  useEffect(() => {
    let live = true;
    certificatesApi
      .anchor(contentHash)
      .then((a) => live && setAnchor(a))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [contentHash]);
  const anchorSeverity = anchor?.status === 'matches' ? 'success' : anchor?.status === 'mismatch' ? 'error' : 'warning';
  return (
    <Box data-testid="verify-issuer" sx={{ my: 1 }}>
      <Typography variant="subtitle1">
        {t('cert.verify.issuer.title')}: {issuer.name}
      </Typography>
      <Typography variant="body2" data-testid="verify-registration">
        {issuer.registration ?? t('cert.verify.issuer.noRegistration')}
      </Typography>
      {issuer.verifiedAt ? (
        <Alert severity="success" sx={{ my: 1 }} data-testid="verify-verified">
          {t('cert.verify.issuer.verified', { date: date(issuer.verifiedAt) })}
        </Alert>
      ) : (
        <Alert severity="error" sx={{ my: 1 }} data-testid="verify-unverified">
          {t('cert.verify.issuer.unverified')}
        </Alert>
      )}
      {issuer.caFingerprint && (
        <Box sx={{ my: 1, p: 1, border: 2, borderColor: 'primary.main', borderRadius: 1 }}>
          <Typography variant="body2" fontWeight={600}>
            {t('cert.verify.issuer.ca')}
          </Typography>
          <Typography variant="body1" sx={mono} data-testid="verify-ca-fingerprint">
            {issuer.caFingerprint}
          </Typography>
        </Box>
      )}
      {anchor && (
        <Alert severity={anchorSeverity} sx={{ my: 1 }} data-testid="verify-anchor" data-status={anchor.status}>
          <Typography variant="body2" fontWeight={600}>
            {t('cert.verify.anchor.title')}
            {anchor.did ? `: ${anchor.did}` : ''}
          </Typography>
          {t(`cert.verify.anchor.${anchor.status}`, { url: anchor.url ?? '' })}
        </Alert>
      )}
    </Box>
  );
}
