import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { PlatformCompaniesAnswer, PlatformCompanyAnswer, PlatformCompanyView } from '@grain/domain';
import { api } from '../../api/client';
import { Page } from '../../app';
import { errorText } from '../../app/notify';
import { useI18n } from '../../i18n/i18n';
import { useLoad } from '../../app/use-load';

type Acting = { company: PlatformCompanyView; action: 'verify' | 'revoke' };

/**
 * /views/platform/companies, for the platform's operators (PLATFORM_OPERATORS; the API refuses anyone
 * else): every company with its registration, verified or not; verify one after checking its name and
 * number in the public register, or withdraw a verification. Each act is audited on the server.
 */
export function PlatformCompaniesPage() {
  const { t } = useI18n();
  const loaded = useLoad(() => api<PlatformCompaniesAnswer>('platform/companies').then((r) => r.companies), []);
  const [acting, setActing] = useState<Acting | null>(null);
  return (
    <Page title={t('platform.title')} testId="platform-companies">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('platform.intro')}
      </Typography>
      {!!loaded.error && (
        <Alert severity="error" data-testid="platform-error">
          {errorText(loaded.error, t)}
        </Alert>
      )}
      {loaded.data && <CompanyTable list={loaded.data} onAct={setActing} />}
      <ActDialog acting={acting} onClose={() => setActing(null)} onDone={() => void loaded.reload()} />
    </Page>
  );
}

/** Every company with its registration and whether it is verified, and the act each allows. */
function CompanyTable({ list, onAct }: { list: PlatformCompanyView[]; onAct: (a: Acting) => void }) {
  const { t, date } = useI18n();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('platform.company')}</TableCell>
          <TableCell>{t('platform.registration')}</TableCell>
          <TableCell>{t('platform.status')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {list.map((c) => (
          <TableRow key={c._id} data-testid={`platform-company-${c._id}`}>
            <TableCell>{c.name}</TableCell>
            <TableCell>{c.registration ?? `${c.tfn ?? ''} (${t('platform.invalid')})`}</TableCell>
            <TableCell>
              {c.verifiedAt ? (
                <Chip size="small" color="success" label={t('platform.verified', { date: date(c.verifiedAt), by: c.verifiedBy ?? '' })} />
              ) : (
                <Chip size="small" color="warning" label={t('platform.unverified')} />
              )}
            </TableCell>
            <TableCell align="right">
              {c.verifiedAt ? (
                <Button size="small" color="error" onClick={() => onAct({ company: c, action: 'revoke' })}>
                  {t('platform.revoke')}
                </Button>
              ) : (
                <Button
                  size="small"
                  variant="contained"
                  disabled={!c.registration}
                  onClick={() => onAct({ company: c, action: 'verify' })}
                  data-testid={`platform-verify-${c._id}`}
                >
                  {t('platform.verify')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Verifying (after confirming the name and number checked) or withdrawing a verification, with a note. */
function ActDialog({ acting, onClose, onDone }: { acting: Acting | null; onClose: () => void; onDone: () => void }) {
  const { t } = useI18n();
  const [note, setNote] = useState('');
  const [dialogError, setDialogError] = useState<string | null>(null);
  const act = async () => {
    if (!acting) return;
    const c = acting.company;
    setDialogError(null);
    try {
      const body = acting.action === 'verify' ? { name: c.name, registration: c.tfn ?? '', note: note || undefined } : { note };
      await api<PlatformCompanyAnswer>(`platform/company/${encodeURIComponent(c._id)}/${acting.action}`, { body });
      onClose();
      setNote('');
      onDone();
    } catch (e) {
      setDialogError(errorText(e, t));
    }
  };
  return (
    <Dialog open={!!acting} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{acting?.action === 'verify' ? t('platform.verifyTitle') : t('platform.revokeTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {acting?.action === 'verify' && (
            <Typography data-testid="platform-confirm">
              {t('platform.confirm', { name: acting.company.name, registration: acting.company.registration ?? '' })}
            </Typography>
          )}
          <TextField
            label={acting?.action === 'verify' ? t('platform.noteVerify') : t('platform.noteRevoke')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            required={acting?.action === 'revoke'}
            inputProps={{ 'data-testid': 'platform-note' }}
          />
          {dialogError && <Alert severity="error">{dialogError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void act()} data-testid="platform-submit">
          {acting?.action === 'verify' ? t('platform.verify') : t('platform.revoke')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
