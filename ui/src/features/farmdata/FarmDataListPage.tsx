import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Button, MenuItem, TextField } from '@mui/material';
import { FARM_DATA_TYPES, type FarmData } from '@grain/domain';
import { Page, useAuth, useNotify } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { useLoad, useLoadErrorNotice } from '../../app/use-load';
import { farmApi } from './api';
import { FarmDataTable } from './FarmDataTable';

/** Where a verification link leads: the embedded verifier is this app's page; the external service opens in a new tab. */
function followVerificationLink(link: { verification_link: string; embedded?: boolean }, farmDataId: string, navigate: (to: string) => void) {
  if (link.embedded) return navigate(`/imagevalidation?farm_data_id=${encodeURIComponent(farmDataId)}`);
  const u = new URL(link.verification_link, window.location.origin);
  if (u.origin === window.location.origin) navigate(u.pathname + u.search);
  else window.open(u.toString(), '_blank', 'noopener');
}

/** /views/farmdata/harvesting/list: every record of the company, newest first, filterable by source. */
export function FarmDataListPage() {
  const { t } = useI18n();
  const { can } = useAuth();
  const mayEdit = can('editDocument'); // adding records and photos needs it (the server checks)
  const notify = useNotify();
  const navigate = useNavigate();
  const [dataType, setDataType] = useState('');
  const loaded = useLoad<FarmData[]>(() => farmApi.list(dataType || undefined), [dataType]);
  useLoadErrorNotice(loaded.error);
  // a failed load shows an empty list beside the error
  const rows = loaded.error ? [] : (loaded.data ?? null);

  const verify = async (id: string) => {
    try {
      followVerificationLink(await farmApi.generateLink(id), id, navigate);
    } catch (e) {
      notify.error(e);
    }
  };

  return (
    <Page
      title={t('farm.listTitle')}
      testId="farm-list"
      actions={
        mayEdit && (
          <>
            <Button variant="contained" component={RouterLink} to="/views/farmdata/harvesting/create">
              {t('farm.create')}
            </Button>
            <Button variant="outlined" component={RouterLink} to="/views/farmdata/harvesting/upload">
              {t('farm.upload')}
            </Button>
            <Button variant="outlined" component={RouterLink} to="/views/farmdata/harvesting/streaming">
              {t('farm.streaming')}
            </Button>
          </>
        )
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('farm.demoNote')}
      </Alert>
      <TextField
        select
        size="small"
        label={t('farm.dataType')}
        value={dataType}
        onChange={(e) => setDataType(e.target.value)}
        sx={{ mb: 2, minWidth: 180 }}
        data-testid="farm-type-filter"
      >
        <MenuItem value="">{t('farm.type.all')}</MenuItem>
        {FARM_DATA_TYPES.map((d) => (
          <MenuItem key={d} value={d}>
            {t(`farm.type.${d}`)}
          </MenuItem>
        ))}
      </TextField>
      {rows === null ? (
        t('common.loading')
      ) : rows.length === 0 ? (
        <Alert severity="info">{t('farm.empty')}</Alert>
      ) : (
        <FarmDataTable
          rows={rows}
          showSource
          showImage
          action={(r) =>
            mayEdit && r.imageValidation !== 'Verified' && r._id ? (
              <Button size="small" onClick={() => verify(r._id!)} data-testid="verify-image">
                {t('farm.verify')}
              </Button>
            ) : null
          }
        />
      )}
    </Page>
  );
}
