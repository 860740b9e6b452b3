import { useRef, useState, type DragEvent } from 'react';
import { Box, Typography } from '@mui/material';
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';

/** Client-side pre-check (the server checks the content again): an accepted extension and at most 50 MB. */
export function acceptableFile(f: { name: string; size: number }): boolean {
  const ext = f.name.toLowerCase().split('.').pop() ?? '';
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext) && f.name.includes('.') && f.size <= MAX_UPLOAD_BYTES;
}

/** The drop zone with the spec's three drag messages (001 §2). */
export function DropZone({ file, onFile }: { file: File | null; onFile(f: File | null): void }) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'active' | 'rejected'>('idle');

  const take = (f: File | undefined) => {
    if (!f) return;
    if (!acceptableFile(f)) {
      setState('rejected');
      onFile(null);
      return;
    }
    setState('idle');
    onFile(f);
  };
  const over = (e: DragEvent) => {
    e.preventDefault();
    const item = e.dataTransfer.items?.[0];
    setState(item && item.kind !== 'file' ? 'rejected' : 'active');
  };
  const text = state === 'active' ? 'doc.dropActive' : state === 'rejected' ? 'doc.dropRejected' : 'doc.dropIdle';
  return (
    <Box
      data-testid="drop-zone"
      role="button"
      tabIndex={0}
      onClick={() => input.current?.click()}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && input.current?.click()}
      onDragOver={over}
      onDragEnter={over}
      onDragLeave={() => setState('idle')}
      onDrop={(e) => {
        e.preventDefault();
        take(e.dataTransfer.files?.[0]);
      }}
      sx={{
        border: '2px dashed',
        borderColor: state === 'rejected' ? 'error.main' : state === 'active' ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 4,
        textAlign: 'center',
        cursor: 'pointer',
      }}
    >
      <Typography color={state === 'rejected' ? 'error' : undefined}>{t(text)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : t('doc.accepted')}
      </Typography>
      <input ref={input} hidden type="file" accept=".pdf,.png,.gif,.docx,.doc,.csv" data-testid="doc-file-input" onChange={(e) => take(e.target.files?.[0])} />
    </Box>
  );
}
