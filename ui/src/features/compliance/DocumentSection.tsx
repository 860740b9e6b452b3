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
  sectionKey: 'establishment' | 'haccp' | 'pest' | 'management';
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
  const { t, dateTime } = useI18n();
  const [file, setFile] = useState<File | null>(null);
  const dots = useDots(state.phase === 'processing');
  const busy = state.phase === 'uploading';
  const selected = state.data && existing.some((d) => d._id === state.data!._id) ? state.data._id : '';
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={`section-${sectionKey}`}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {existing.length ? (
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
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t(`compliance.none.${sectionKey}`)}
        </Typography>
      )}
      <Box
        component="form"
        sx={{ mt: 1.5 }}
        onSubmit={(e) => {
          e.preventDefault();
          if (file) onUpload(file);
        }}
      >
        {/* A button instead of the bare browser input: the browser writes "Choose File" in its own language. */}
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
      {state.data?.status === 'processed' && (
        <Box sx={{ mt: 1.5 }}>
          <SummaryEditor
            key={state.data._id}
            type={state.data.document_type}
            doc={state.data}
            onSave={(summary) => onSaveSummary(state.data!, summary)}
            onDirty={onDirty}
            testId={`review-${sectionKey}`}
          />
        </Box>
      )}
    </Paper>
  );
}
