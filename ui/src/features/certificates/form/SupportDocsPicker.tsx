import { useEffect, useState } from 'react';
import { Autocomplete, Box, Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { api } from '../../../api/client';
import type { DocumentView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { UploadDocumentDialog } from './UploadDocumentDialog';
import { storedText } from '../../../app/stored-text';

interface RawDoc {
  _id?: string;
  id?: string;
  docId?: string;
  docName?: string;
  docType?: string;
  description?: string;
  uploadUser?: string;
  uploadDate?: string;
}
const toDoc = (d: RawDoc): DocumentView => ({
  _id: String(d._id ?? d.id ?? d.docId),
  docName: d.docName ?? '',
  docType: d.docType,
  description: d.description,
  uploadUser: d.uploadUser,
  uploadDate: d.uploadDate,
});

/** Related documents: search the company's documents or attach a new file (docs/spec/approvals.md §2). */
export function SupportDocsPicker({ value, onChange }: { value: DocumentView[]; onChange(v: DocumentView[]): void }) {
  const { t } = useI18n();
  const [all, setAll] = useState<DocumentView[]>([]);
  const [uploadOpen, setUploadOpen] = useState(false);
  useEffect(() => {
    api<{ documents?: RawDoc[] }>('company/documentes')
      .then((r) => setAll((r.documents ?? []).map(toDoc)))
      .catch(() => setAll([]));
  }, []);
  const chosen = new Set(value.map((d) => d._id));
  return (
    <Box data-testid="support-docs">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Autocomplete
          sx={{ flex: 1 }}
          size="small"
          options={all.filter((d) => !chosen.has(d._id))}
          value={null}
          getOptionLabel={(d) => `${d.docName}${d.docType ? ` (${d.docType})` : ''}`}
          onChange={(_e, d) => d && onChange([...value, d])}
          blurOnSelect
          clearOnBlur
          renderInput={(p) => <TextField {...p} label={t('cert.relatedSearch')} inputProps={{ ...p.inputProps, 'data-testid': 'related-search' }} />}
        />
        <Button startIcon={<AttachFileIcon />} variant="outlined" onClick={() => setUploadOpen(true)} data-testid="attach-file">
          {t('cert.attachFile')}
        </Button>
      </Stack>
      <Table size="small" sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('cert.item')}</TableCell>
            <TableCell>{t('cert.docName')}</TableCell>
            <TableCell>{t('cert.description')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {value.map((d, i) => (
            <TableRow key={d._id}>
              <TableCell>{i + 1}</TableCell>
              <TableCell>{d.docName}</TableCell>
              <TableCell>{storedText(d.description) || t('cert.noDescription')}</TableCell>
              <TableCell align="right">
                <IconButton size="small" aria-label={`${t('cert.removeDoc')} ${d.docName}`} onClick={() => onChange(value.filter((x) => x._id !== d._id))}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <UploadDocumentDialog
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onUploaded={(d) => {
          setAll((a) => [d, ...a]);
          onChange([...value, d]);
        }}
      />
    </Box>
  );
}
