import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Link, Typography } from '@mui/material';
import { checkTitle, correctiveActionPath, type CorrectiveActionRowView } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { actionsApi } from './api';

/** In the sign dialog: the company's open critical corrective actions, as information the signer signs with (not a block). */
export function OpenCriticalNotice() {
  const { t, lang } = useI18n();
  const [rows, setRows] = useState<CorrectiveActionRowView[]>([]);
  useEffect(() => {
    actionsApi.openCritical().then(
      (r) => setRows(r.actions),
      () => setRows([]),
    );
  }, []);
  if (!rows.length) return null;
  return (
    <Alert severity="warning" data-testid="sign-open-critical">
      {t('ca.openCritical', { n: rows.length })}
      {rows.slice(0, 5).map((r) => (
        <Typography key={r.id} variant="body2">
          <Link component={RouterLink} to={correctiveActionPath(r.id)} target="_blank">
            {r.farm.name}: {checkTitle(r.check, lang)}
          </Link>
        </Typography>
      ))}
    </Alert>
  );
}
