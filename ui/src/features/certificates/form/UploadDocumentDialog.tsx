import { useState } from 'react';
import { Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, MAX_UPLOAD_BYTES, type DocumentType, type DocumentView } from '@grain/domain';
import { api } from '../../../api/client';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app';

/** The PDF drop zone: a file dropped or picked goes to `onPick`; it shows the chosen file's name. */
function PdfDropZone({ file, onPick }: { file: File | null; onPick: (f: File | undefined) => void }) {
  const { t } = useI18n();
  const [hover, setHover] = useState(false);
  return (
    <Box
      component="label"
      onDragOver={(e) => {
        e.preventDefault();
        setHover(true);
      }}
      onDragLeave={() => setHover(false)}
      onDrop={(e) => {
        e.preventDefault();
        setHover(false);
        onPick(e.dataTransfer.files[0]);
      }}
      sx={{ border: '2px dashed', borderColor: hover ? 'primary.main' : 'grey.400', borderRadius: 1, p: 3, textAlign: 'center', cursor: 'pointer' }}
    >
      <input type="file" accept="application/pdf,.pdf" hidden onChange={(e) => onPick(e.target.files?.[0])} data-testid="upload-file" />
      <Typography>{file ? file.name : hover ? t('cert.dropHot') : t('cert.dropHere')}</Typography>
    </Box>
  );
}

/**
 * The Upload Document modal (docs/spec/approvals.md §2): type search, name, description, a PDF drop zone; uploads
 * through POST company/document/create and hands the new document back to be attached.
 */
export function UploadDocumentDialog({ open, onClose, onUploaded }: { open: boolean; onClose(): void; onUploaded(d: DocumentView): void }) {
  const { t } = useI18n();
  const [docType, setDocType] = useState<DocumentType | null>('certificate');
  const [docName, setDocName] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (f: File | undefined) => {
    if (!f) return;
    if (!/\.pdf$/i.test(f.name)) return setError(t('FILE_TYPE_REJECTED'));
    if (f.size > MAX_UPLOAD_BYTES) return setError(t('FILE_TOO_LARGE'));
    setError(null);
    setFile(f);
    const base = f.name.replace(/\.[^.]+$/, '');
    if (!docName) setDocName(base);
    if (!description) setDescription(base);
  };

  const submit = async () => {
    if (!file) return setError(t('SELECT_FILE'));
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      form.append('docName', docName || file.name);
      form.append('docType', docType ?? 'certificate');
      form.append('description', description);
      const r = await api<{ documents?: { docId?: string; _id?: string; docName?: string } | Array<{ docId?: string; _id?: string; docName?: string }> }>(
        'company/document/create',
        { form },
      );
      const d = Array.isArray(r.documents) ? r.documents[0] : r.documents;
      const id = String(d?.docId ?? d?._id ?? '');
      if (!id) throw new Error(t('cert.uploadFailed'));
      onUploaded({ _id: id, docName: d?.docName ?? docName, docType: docType ?? undefined, description, uploadDate: new Date().toISOString() });
      setFile(null);
      setDocName('');
      setDescription('');
      onClose();
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="upload-document-dialog">
      <DialogTitle>{t('cert.uploadTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Autocomplete
            options={[...DOCUMENT_TYPES]}
            value={docType}
            onChange={(_e, v) => setDocType(v)}
            getOptionLabel={(k) => DOCUMENT_TYPE_LABELS[k]}
            renderInput={(p) => <TextField {...p} label={t('cert.docType')} size="small" />}
          />
          <TextField
            size="small"
            label={t('cert.docName')}
            value={docName}
            onChange={(e) => setDocName(e.target.value)}
            inputProps={{ 'data-testid': 'upload-name' }}
          />
          <TextField size="small" label={t('cert.description')} value={description} onChange={(e) => setDescription(e.target.value)} multiline minRows={2} />
          <PdfDropZone file={file} onPick={pick} />
          {error && (
            <Typography color="error" data-testid="upload-error">
              {error}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy} data-testid="upload-submit">
          {t('common.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
