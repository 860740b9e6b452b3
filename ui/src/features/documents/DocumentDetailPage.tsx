import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Button, Grid, Typography } from '@mui/material';
import { Page, useAuth, useNotify } from '../../app';
import { useLoad, useLoadErrorNotice } from '../../app/use-load';
import { useI18n } from '../../i18n/i18n';
import { documentsApi, type CompanyDocument } from './api';
import { DocumentViewer } from './DocumentViewer';
import { storedText } from '../../app/stored-text';

/** /views/document/detail?id=: read-only fields and the viewer, with Back, Download and Change. */
export function DocumentDetailPage() {
  const { t, date } = useI18n();
  const { can } = useAuth();
  const notify = useNotify();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const loaded = useLoad<CompanyDocument | null>(() => (id ? documentsApi.detail(id) : Promise.resolve(null)), [id]);
  useLoadErrorNotice(loaded.error);
  const doc = loaded.data ?? null;

  const row = (label: string, value: string) => (
    <>
      <Grid size={{ xs: 4, sm: 3 }}>
        <Typography color="text.secondary">{t(label)}</Typography>
      </Grid>
      <Grid size={{ xs: 8, sm: 9 }}>
        <Typography data-testid={`detail-${label}`}>{value}</Typography>
      </Grid>
    </>
  );
  return (
    <Page
      title={doc?.docName ?? t('doc.detailTitle')}
      testId="document-detail"
      actions={
        <>
          <Button component={RouterLink} to="/views/document/list">
            {t('common.back')}
          </Button>
          {doc && (
            <Button variant="outlined" onClick={() => documentsApi.download(doc).catch(notify.error)} data-testid="doc-download">
              {t('doc.download')}
            </Button>
          )}
          {doc && can('editDocument') && (
            <Button variant="contained" component={RouterLink} to={`/views/document/update?id=${doc.docId}`}>
              {t('doc.change')}
            </Button>
          )}
        </>
      }
    >
      {!doc ? (
        t('common.loading')
      ) : (
        <>
          <Grid container spacing={1} sx={{ mb: 2, maxWidth: 800 }}>
            {row('doc.type', t(`doc.type.${doc.docType}`))}
            {row('doc.description', storedText(doc.description) || t('cert.noDescription'))}
            {row('doc.creator', doc.uploadUserName ?? doc.uploadUser)}
            {row('doc.uploadDate', date(doc.uploadDate))}
            {row('doc.lastModified', date(doc.lastModified))}
            {row('doc.file', `${doc.file.name} (${Math.ceil(doc.file.size / 1024)} KB)`)}
          </Grid>
          <DocumentViewer doc={doc} />
        </>
      )}
    </Page>
  );
}
