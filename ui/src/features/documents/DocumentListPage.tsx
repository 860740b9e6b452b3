import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField } from '@mui/material';
import { Page, RowCards, useAuth, useCardLayout, useNotify } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { documentsApi, type CompanyDocument } from './api';

/** /views/document/list: 'Documents management' with search, upload, and a download per row. */
export function DocumentListPage() {
  const { t, date } = useI18n();
  const { can } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [docs, setDocs] = useState<CompanyDocument[] | null>(null);
  const narrow = useCardLayout();
  const open = (d: CompanyDocument) => navigate(`/views/document/detail?id=${d.docId}`);
  const downloadButton = (d: CompanyDocument) => (
    <Button
      size="small"
      onClick={(e) => {
        e.stopPropagation();
        documentsApi.download(d).catch(notify.error);
      }}
    >
      {t('doc.download')}
    </Button>
  );

  useEffect(() => {
    const timer = setTimeout(
      () =>
        documentsApi.list(q.trim() || undefined).then(setDocs, (e) => {
          setDocs([]);
          notify.error(e);
        }),
      250,
    );
    return () => clearTimeout(timer);
  }, [q, notify]);

  return (
    <Page
      title={t('doc.listTitle')}
      testId="document-list"
      actions={
        can('editDocument') && (
          <Button variant="contained" component={RouterLink} to="/views/document/create">
            {t('doc.uploadButton')}
          </Button>
        )
      }
    >
      <TextField
        size="small"
        placeholder={t('doc.search')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        sx={{ mb: 2, width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 280 } }}
        inputProps={{ 'data-testid': 'doc-search' }}
      />
      {docs === null ? (
        t('common.loading')
      ) : docs.length === 0 ? (
        <Alert severity="info">{t('doc.empty')}</Alert>
      ) : narrow ? (
        // below 768 px: a card per document (name, type, creator, date), tapping it opens the document
        <RowCards
          rowTestId="doc-row"
          testId="doc-cards"
          rows={docs.map((d, i) => ({
            key: d.docId,
            title: `${i + 1}. ${d.docName}`,
            onClick: () => open(d),
            actions: downloadButton(d),
            fields: [
              [t('doc.type'), t(`doc.type.${d.docType}`)],
              [t('doc.creator'), d.uploadUserName ?? d.uploadUser],
              [t('doc.lastModified'), date(d.lastModified)],
            ],
          }))}
        />
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('doc.id')}</TableCell>
                <TableCell>{t('doc.name')}</TableCell>
                <TableCell>{t('doc.type')}</TableCell>
                <TableCell>{t('doc.creator')}</TableCell>
                <TableCell>{t('doc.lastModified')}</TableCell>
                <TableCell>{t('doc.download')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {docs.map((d, i) => (
                <TableRow key={d.docId} hover sx={{ cursor: 'pointer' }} data-testid="doc-row" onClick={() => open(d)}>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{d.docName}</TableCell>
                  <TableCell>{t(`doc.type.${d.docType}`)}</TableCell>
                  <TableCell>{d.uploadUserName ?? d.uploadUser}</TableCell>
                  <TableCell>{date(d.lastModified)}</TableCell>
                  <TableCell>{downloadButton(d)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Page>
  );
}
