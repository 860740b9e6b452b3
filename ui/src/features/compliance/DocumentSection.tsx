import { useState } from 'react';
import { Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import UploadIcon from '@mui/icons-material/Upload';
import { MAX_UPLOAD_BYTES } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import type { ComplianceDocument } from './api';
import { SummaryEditor } from './SummaryEditor';
import { useDots } from './useDots';

type UploadPhase = 'idle' | 'uploading' | 'processing' | 'done' | 'error';
export interface SectionState {
  data: ComplianceDocument | null;
  phase: UploadPhase;
  error?: string;
}

type SectionKey = 'establishment' | 'haccp' | 'pest' | 'management';

/** The processed documents of this type to pick from; a sentence when there are none yet. */
function ExistingDocumentSelect({
  sectionKey,
  title,
  existing,
  selected,
  onSelect,
}: {
  sectionKey: SectionKey;
  title: string;
  existing: ComplianceDocument[];
  selected: string;
  onSelect(d: ComplianceDocument | null): void;
}) {
  const { t, dateTime } = useI18n();
  if (!existing.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t(`compliance.none.${sectionKey}`)}
      </Typography>
    );
  return (
    // No floating label: the empty entry already says what to pick, and a label beside it left a gap in the border.
    <TextField
      select
      size="small"
      fullWidth
      value={selected}
      onChange={(e) => onSelect(existing.find((d) => d._id === e.target.value) ?? null)}
      slotProps={{
        select: { displayEmpty: true },
        htmlInput: { 'data-testid': `select-${sectionKey}`, 'aria-label': t(`compliance.select.${sectionKey}`) },
      }}
    >
      <MenuItem value="">{t(`compliance.select.${sectionKey}`)}</MenuItem>
      {existing.map((d) => (
        <MenuItem key={d._id} value={d._id} data-testid={`option-${sectionKey}`}>{`${d.file_name} — ${title}, ${dateTime(d.created_at)}`}</MenuItem>
      ))}
    </TextField>
  );
}

/** Choosing a file (a button instead of the bare browser input: the browser writes "Choose File" in its own language) and uploading it. */
function UploadForm({ sectionKey, busy, onUpload }: { sectionKey: SectionKey; busy: boolean; onUpload(file: File): void }) {
  const { t } = useI18n();
  const [file, setFile] = useState<File | null>(null);
  return (
    <Box
      component="form"
      sx={{ mt: 1.5 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (file) onUpload(file);
      }}
    >
      <Stack direction="row" spacing={1.5} alignItems="center" useFlexGap flexWrap="wrap">
        <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />} disabled={busy}>
          {t('compliance.chooseFile')}
          <input
            hidden
            type="file"
            accept=".pdf,.docx,.txt"
            data-testid={`file-${sectionKey}`}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              e.target.value = ''; // choosing the same file again after a failure still counts
            }}
          />
        </Button>
        <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} noWrap sx={{ maxWidth: 360 }} data-testid={`file-name-${sectionKey}`}>
          {file ? file.name : t('compliance.noFile')}
        </Typography>
        <Button type="submit" variant="contained" size="small" startIcon={<UploadIcon />} disabled={!file || busy} data-testid={`upload-${sectionKey}`}>
          {t('compliance.upload')}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('compliance.fileHint', { mb: MAX_UPLOAD_BYTES / 1024 / 1024 })}
      </Typography>
    </Box>
  );
}

/** Where the upload is: uploading, being read (with dots), processed, or the error. */
function UploadProgress({ sectionKey, state, processingText }: { sectionKey: SectionKey; state: SectionState; processingText: string }) {
  const { t } = useI18n();
  const dots = useDots(state.phase === 'processing');
  return (
    <Box sx={{ mt: 1 }} data-testid={`progress-${sectionKey}`}>
      {state.phase === 'uploading' && <Typography>{t('compliance.uploading')}</Typography>}
      {state.phase === 'processing' && (
        <Typography sx={{ color: 'success.main' }}>
          {processingText}
          {dots}
        </Typography>
      )}
      {state.phase === 'done' && <Typography sx={{ color: 'info.main' }}>{t('compliance.processed')}</Typography>}
      {state.phase === 'error' && (
        <Typography color="error">
          {t('compliance.errorPrefix')}
          {state.error}
        </Typography>
      )}
    </Box>
  );
}

/**
 * One of the four sections of the create screen (docs/spec/farm-data-and-documents.md §2, §4): a dropdown of processed documents
 * of this type, an upload form, the progress message, and the parsed summary.
 */
export function DocumentSection({
  sectionKey,
  title,
  existing,
  state,
  onSelect,
  onUpload,
  onSaveSummary,
  onDirty,
  processingText,
}: {
  sectionKey: SectionKey;
  title: string;
  existing: ComplianceDocument[];
  state: SectionState;
  onSelect(d: ComplianceDocument | null): void;
  onUpload(file: File): void;
  onSaveSummary(doc: ComplianceDocument, summary: unknown): Promise<ComplianceDocument>;
  onDirty(dirty: boolean): void;
  /** What reads the file, said honestly: rule-based extraction or an AI model. */
  processingText: string;
}) {
  const doc = state.data;
  const selected = doc && existing.some((d) => d._id === doc._id) ? doc._id : '';
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={`section-${sectionKey}`}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <ExistingDocumentSelect sectionKey={sectionKey} title={title} existing={existing} selected={selected} onSelect={onSelect} />
      <UploadForm sectionKey={sectionKey} busy={state.phase === 'uploading'} onUpload={onUpload} />
      <UploadProgress sectionKey={sectionKey} state={state} processingText={processingText} />
      {doc?.status === 'processed' && (
        <Box sx={{ mt: 1.5 }}>
          <SummaryEditor
            key={doc._id}
            type={doc.document_type}
            doc={doc}
            onSave={(summary) => onSaveSummary(doc, summary)}
            onDirty={onDirty}
            testId={`review-${sectionKey}`}
          />
        </Box>
      )}
    </Paper>
  );
}
