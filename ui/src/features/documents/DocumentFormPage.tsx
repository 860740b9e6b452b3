import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Autocomplete, Button, Stack, TextField } from '@mui/material';
import type { DocumentType } from '@grain/domain';
import { Page, useNotify } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { documentsApi } from './api';
import { DropZone } from './DropZone';
import { storedText } from '../../app/stored-text';
import { useLoad, useLoadErrorNotice } from '../../app/use-load';

/** The document types, and the document being changed (update only), through the one loading hook; a failed load is told. */
function useDocumentFormLoad(mode: 'create' | 'update', id: string) {
  const types = useLoad(() => documentsApi.types());
  useLoadErrorNotice(types.error);
  const existing = useLoad(async () => (mode === 'update' && id ? documentsApi.detail(id) : null), [mode, id]);
  useLoadErrorNotice(existing.error);
  return { types: types.data ?? [], existing: existing.data ?? null };
}

/** /views/document/create and /views/document/update?id=: type picker (searchable), name, description, file. */
export function DocumentFormPage({ mode }: { mode: 'create' | 'update' }) {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { types, existing } = useDocumentFormLoad(mode, id);
  const [docType, setDocType] = useState<DocumentType | null>(null);
  const [docName, setDocName] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  // the document being changed fills the form once it arrived
  useEffect(() => {
    if (!existing) return;
    setDocType(existing.docType);
    setDocName(existing.docName);
    setDescription(storedText(existing.description));
  }, [existing]);

  // The file name minus its extension fills name and description when they are empty (docs/spec/farm-data-and-documents.md §4).
  const chooseFile = (f: File | null) => {
    setFile(f);
    if (!f) return;
    const base = f.name.replace(/\.[^.]+$/, '');
    if (!docName) setDocName(base);
    if (!description) setDescription(base);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!docType) return notify.error('REQUIRED_FIELDS');
    if (mode === 'create' && !file) return notify.error('SELECT_FILE');
    const form = new FormData();
    form.append('docType', docType);
    form.append('docName', docName);
    form.append('description', description.trim());
    if (existing) form.append('version', String(existing.version));
    if (file) form.append('file', file);
    setBusy(true);
    try {
      if (mode === 'create') {
        const created = await documentsApi.create(form);
        notify.success(t('doc.uploaded'));
        navigate(`/views/document/detail?id=${created.docId}`);
      } else {
        await documentsApi.update(id, form);
        notify.success(t('doc.updated'));
        navigate(`/views/document/detail?id=${id}`);
      }
    } catch (err) {
      notify.error(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t(mode === 'create' ? 'doc.createTitle' : 'doc.updateTitle')}
      testId={`document-${mode}`}
      actions={
        <Button component={RouterLink} to="/views/document/list">
          {t('common.back')}
        </Button>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <Autocomplete
            options={types}
            value={types.find((x) => x.value === docType) ?? null}
            onChange={(_e, v) => setDocType(v?.value ?? null)}
            getOptionLabel={(o) => t(`doc.type.${o.value}`)}
            isOptionEqualToValue={(a, b) => a.value === b.value}
            renderInput={(p) => <TextField {...p} required label={t('doc.typePicker')} inputProps={{ ...p.inputProps, 'data-testid': 'doc-type' }} />}
          />
          <TextField
            label={t('doc.name')}
            value={docName}
            onChange={(e) => setDocName(e.target.value)}
            inputProps={{ maxLength: 300, 'data-testid': 'doc-name' }}
          />
          <TextField
            label={t('doc.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={2}
            inputProps={{ maxLength: 5000, 'data-testid': 'doc-description' }}
          />
          <DropZone file={file} onFile={chooseFile} />
          {mode === 'update' && !file && <span>{t('doc.keepFile')}</span>}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={busy} data-testid="doc-submit">
              {t(mode === 'create' ? 'common.submit' : 'common.update')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Page>
  );
}
