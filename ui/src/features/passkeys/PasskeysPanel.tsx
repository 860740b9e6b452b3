import { useState } from 'react';
import { Alert, Box, Button, IconButton, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useI18n } from '../../i18n/i18n';
import { errorText, useNotify } from '../../app/notify';
import { useLoad } from '../../app/use-load';
import { enrolPasskey, passkeysApi, passkeysSupported, promptRefusal } from './api';

/** Enrols a passkey on this device; answers the text to show on a refusal (null when added). */
export function usePasskeyEnrolment(onAdded: () => void) {
  const { t, date } = useI18n();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      await enrolPasskey(t('passkey.defaultName', { date: date(new Date().toISOString()) }));
      notify.success(t('passkey.added'));
      onAdded();
    } catch (e) {
      const prompt = promptRefusal(e);
      setError(prompt ? t(prompt) : errorText(e, t));
    } finally {
      setBusy(false);
    }
  };
  return { add, busy, error };
}

/** The signer's passkeys on their Digital Signature page: what they are for, the list, add one here, remove one. */
export function PasskeysPanel() {
  const { t, date } = useI18n();
  const notify = useNotify();
  const list = useLoad(() => passkeysApi.list(), []);
  const enrol = usePasskeyEnrolment(() => void list.reload());
  const remove = async (id: string) => {
    try {
      await passkeysApi.remove(id);
      notify.success(t('passkey.removed'));
      await list.reload();
    } catch (e) {
      notify.error(e);
    }
  };
  const keys = list.data?.passkeys ?? [];
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 900, mt: 2 }} data-testid="passkeys">
      <Typography variant="h6" component="h2">
        {t('passkey.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('passkey.explain')}
      </Typography>
      {!list.loading && keys.length === 0 && <Typography data-testid="passkeys-none">{t('passkey.none')}</Typography>}
      <List dense>
        {keys.map((k) => (
          <ListItem
            key={k._id}
            data-testid="passkey-item"
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={t('passkey.removeNamed', { name: k.name })}
                onClick={() => void remove(k._id)}
                sx={{ minWidth: 44, minHeight: 44 }}
              >
                <DeleteOutlineIcon />
              </IconButton>
            }
          >
            <ListItemText
              primary={k.name}
              secondary={[
                t('passkey.addedOn', { date: date(k.createdAt) }),
                k.lastUsedAt ? t('passkey.lastUsed', { date: date(k.lastUsedAt) }) : null,
                k.algorithm,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      {enrol.error && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }} data-testid="passkey-error">
          {enrol.error}
        </Alert>
      )}
      <Box>
        <Button variant="contained" onClick={() => void enrol.add()} disabled={enrol.busy || !passkeysSupported()} data-testid="passkey-add">
          {t('passkey.add')}
        </Button>
      </Box>
      {!passkeysSupported() && (
        <Typography variant="caption" color="text.secondary">
          {t('passkey.unsupported')}
        </Typography>
      )}
    </Paper>
  );
}
