import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Button, TextField } from '@mui/material';
import { Page, useAuth, useCardLayout } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { useLoad, useLoadErrorNotice } from '../../app/use-load';
import { documentsApi, type CompanyDocument } from './api';
import { DocumentCards, DocumentTable } from './DocumentListParts';

const SEARCH_DEBOUNCE_MS = 250;

/** The documents matching the typed search (sent after a pause), through the one loading hook; a failed load shows none and is told. */
function useDocuments(q: string): CompanyDocument[] | null {
  const [search, setSearch] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(q.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);
  const { data, error } = useLoad(async () => (search === null ? null : documentsApi.list(search || undefined)), [search]);
  useLoadErrorNotice(error);
  return error ? [] : (data ?? null);
}

/** /views/document/list: 'Documents management' with search, upload, and a download per row. */
export function DocumentListPage() {
  const { t } = useI18n();
  const { can } = useAuth();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const docs = useDocuments(q);
  const narrow = useCardLayout();
  const open = (d: CompanyDocument) => navigate(`/views/document/detail?id=${d.docId}`);

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
        <DocumentCards docs={docs} onOpen={open} />
      ) : (
        <DocumentTable docs={docs} onOpen={open} />
      )}
    </Page>
  );
}
