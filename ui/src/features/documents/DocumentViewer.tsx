import { useEffect, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useI18n } from '../../i18n/i18n';
import { documentsApi, type CompanyDocument } from './api';

/** Pages in a PDF, counted from its page objects (good enough to bound the Next button). */
export async function countPdfPages(blob: Blob): Promise<number> {
  const text = new TextDecoder('latin1').decode(await blob.arrayBuffer());
  const n = text.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
  return Math.max(n, 1);
}

/**
 * The document viewer: a PDF page by page (Previous / Next; the browser's PDF renderer shows the
 * page named in the URL fragment) or an image. The bytes are fetched once and shown from a blob URL,
 * so the file's own download headers never get in the way.
 */
export function DocumentViewer({ doc }: { doc: CompanyDocument }) {
  const { t } = useI18n();
  const [url, setUrl] = useState<string | null>(null);
  const [pages, setPages] = useState(1);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  const kind = doc.file.ext === 'pdf' ? 'pdf' : doc.file.ext === 'png' || doc.file.ext === 'gif' ? 'image' : 'other';

  useEffect(() => {
    if (kind === 'other') return;
    let revoked = false;
    let objectUrl: string | null = null;
    documentsApi.file(doc.docId).then(
      async (b) => {
        if (revoked) return;
        const blob = new Blob([b], { type: doc.file.mime });
        if (kind === 'pdf') setPages(await countPdfPages(blob));
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => setFailed(true),
    );
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [doc.docId, doc.file.mime, doc.version, kind]);

  if (kind === 'other') return <Alert severity="info">{t('doc.noPreview')}</Alert>;
  if (failed) return <Alert severity="error">{t('INTERNAL')}</Alert>;
  if (!url) return <>{t('common.loading')}</>;
  if (kind === 'image')
    return <Box component="img" src={url} alt={doc.docName} data-testid="doc-image" sx={{ maxWidth: '100%', border: 1, borderColor: 'divider' }} />;
  return (
    <Box data-testid="pdf-viewer">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)} data-testid="pdf-prev">
          {t('doc.previous')}
        </Button>
        <Typography variant="body2" data-testid="pdf-page">
          {t('doc.page', { n: page, total: pages })}
        </Typography>
        <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)} data-testid="pdf-next">
          {t('doc.next')}
        </Button>
      </Stack>
      <Box
        component="iframe"
        key={page}
        title={doc.docName}
        src={`${url}#page=${page}&toolbar=0`}
        sx={{ width: '100%', height: '75vh', border: 1, borderColor: 'divider' }}
      />
    </Box>
  );
}
