import { useEffect, useState } from 'react';
import { Alert, Box, Button, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import type { CompanyIdentityAnswer } from '@grain/domain';
import { api } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import { useAuth } from '../../app/auth';
import { SealRevocation } from './SealRevocation';

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/**
 * The company as an issuer: whether the platform's operator verified its name and registration (it may
 * submit certificates only then), its CA fingerprint, and the DID document to publish on its own domain.
 */
export function IssuerIdentityCard() {
  const { t, date } = useI18n();
  const { can } = useAuth();
  const [a, setA] = useState<CompanyIdentityAnswer | null>(null);
  useEffect(() => {
    let live = true;
    api<CompanyIdentityAnswer>('company/identity')
      .then((x) => live && setA(x))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!a) return null;
  const id = a.identity;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 820, mt: 2 }} data-testid="issuer-identity">
      <Typography variant="h6" component="h2">
        {t('issuer.title')}
      </Typography>
      {id.verifiedAt ? (
        <Alert severity="success" sx={{ my: 1 }} data-testid="issuer-verified">
          {t('issuer.verified', { date: date(id.verifiedAt) })}
        </Alert>
      ) : (
        <Alert severity="warning" sx={{ my: 1 }} data-testid="issuer-unverified">
          {t('issuer.unverified')}
        </Alert>
      )}
      <Typography variant="body2">
        {t('issuer.registration')}: {id.registrationScheme ? id.registration : t('issuer.noRegistration')}
      </Typography>
      {id.caFingerprint && (
        <Box sx={{ my: 1 }}>
          <Typography variant="body2" fontWeight={600}>
            {t('issuer.caFingerprint')}
          </Typography>
          <Typography variant="body2" sx={mono} data-testid="issuer-ca-fingerprint">
            {id.caFingerprint}
          </Typography>
        </Box>
      )}
      <SealRevocation answer={a} onChange={setA} />
      {id.did ? (
        <Box sx={{ my: 1 }}>
          <Typography variant="body2" fontWeight={600}>
            {t('issuer.did')}
          </Typography>
          <Typography variant="body2" sx={mono} data-testid="issuer-did">
            {id.did}
          </Typography>
          {a.didDocument && a.didDocumentUrl && (
            <>
              <Typography variant="body2" sx={{ my: 1 }}>
                {t('issuer.publish', { url: a.didDocumentUrl })}
              </Typography>
              {can('viewSystem') && (
                <Button size="small" variant="outlined" href="/api/company/identity/did.json" download data-testid="issuer-did-download">
                  {t('issuer.download')}
                </Button>
              )}
            </>
          )}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {t('issuer.noWebsite')}
        </Typography>
      )}
      {a.events.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {t('issuer.history')}
          </Typography>
          <List dense data-testid="issuer-events">
            {a.events.map((e, i) => (
              <ListItem key={i} disableGutters>
                <ListItemText
                  primary={`${date(e.at)} — ${t(`issuer.event.${e.action}`, { by: e.by })}`}
                  secondary={[e.registration, e.note].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Paper>
  );
}
