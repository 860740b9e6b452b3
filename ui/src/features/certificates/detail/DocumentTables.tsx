import { Box, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { CertificateView, DocumentView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { storedText, storedWord } from '../../../app/stored-text';
import { RowCards, useCardLayout } from '../../../app/RowCards';

/**
 * Where a document opens: the certificate's own copy, the version it holds (`url`, under /api); a
 * certificate saved before versions were held names none, so the library's copy.
 */
export const heldDocumentLink = (d: DocumentView) => (d.url ? `/api/${d.url}` : `/api/company/document/${encodeURIComponent(d._id)}`);

/** Primary document (the farm record's facts) and related documents tables of the detail page. */
export function DocumentTables({ approval }: { approval: CertificateView }) {
  const { t, date } = useI18n();
  const narrow = useCardLayout();
  const farm = (approval.approvalDoc?.farm ?? {}) as Record<string, unknown>;
  const fmt = (v: unknown, d: number) => (Number.isFinite(Number(v)) ? Number(v).toFixed(d) : '');
  const primary = approval.approvalDoc;
  // The primary document's columns after its name, shared by the table and the phone card.
  const farmFields: Array<[string, string]> = [
    [t('cert.grainType'), storedWord(String(farm.grainType ?? ''), t)],
    [t('cert.harvestGrade'), String(farm.harvestGrade ?? '')],
    [t('cert.storageLocation'), String(farm.storageLocation ?? '')],
    [t('cert.quantity'), fmt(farm.quantity, 0)],
    [t('cert.protein'), fmt(farm.protein, 2)],
    [t('cert.moisture'), fmt(farm.moisture, 2)],
  ];
  const description = (d: DocumentView) => storedText(d.description) || t('cert.noDescription');
  const view = (d: DocumentView) => (
    <Link href={heldDocumentLink(d)} target="_blank" rel="noopener" title={d.sha256 ? `sha256 ${d.sha256}` : undefined}>
      {t('common.view')}
      {d.version !== undefined ? ` (${t('cert.docVersion', { n: d.version })})` : ''}
    </Link>
  );
  const photo = primary?.photo && (
    <Link href={`/api/${primary.photo.url}`} target="_blank" rel="noopener" title={`sha256 ${primary.photo.sha256}`} data-testid="held-photo-link">
      {t('cert.grainPhoto')}
    </Link>
  );
  const none = <Typography>—</Typography>;
  return (
    <Box>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, overflowX: 'auto' }} data-testid="primary-doc-table">
        <Typography variant="subtitle1" sx={{ mb: narrow ? 1 : 0 }}>
          {t('cert.primaryDoc')}
        </Typography>
        {narrow ? (
          // below 768 px: the farm record as one card, labels beside values
          primary ? (
            <RowCards
              rowTestId="primary-doc-card"
              rows={[{ key: primary._id, title: storedWord(primary.docName, t), fields: farmFields, ...(photo ? { actions: photo } : {}) }]}
            />
          ) : (
            none
          )
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('cert.docName')}</TableCell>
                {farmFields.map(([label]) => (
                  <TableCell key={label}>{label}</TableCell>
                ))}
                <TableCell>{t('cert.grainPhoto')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {primary ? (
                <TableRow>
                  <TableCell>{storedWord(primary.docName, t)}</TableCell>
                  {farmFields.map(([label, value]) => (
                    <TableCell key={label}>{value}</TableCell>
                  ))}
                  <TableCell>{photo || '—'}</TableCell>
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell colSpan={8}>—</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, overflowX: 'auto' }} data-testid="related-doc-table">
        <Typography variant="subtitle1" sx={{ mb: narrow ? 1 : 0 }}>
          {t('cert.relatedDocs')}
        </Typography>
        {narrow ? (
          // below 768 px: one card per related document, its View link kept on the card
          approval.supportDocs.length === 0 ? (
            none
          ) : (
            <RowCards
              rowTestId="related-doc-card"
              rows={approval.supportDocs.map((d, i) => ({
                key: d._id,
                title: `${i + 1}. ${d.docName}`,
                actions: view(d),
                fields: [
                  [t('cert.description'), description(d)],
                  [t('cert.uploadedBy'), d.uploadUser ?? ''],
                  [t('cert.date'), date(d.uploadDate)],
                ],
              }))}
            />
          )
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('cert.item')}</TableCell>
                <TableCell>{t('cert.docName')}</TableCell>
                <TableCell>{t('cert.description')}</TableCell>
                <TableCell>{t('cert.uploadedBy')}</TableCell>
                <TableCell>{t('cert.date')}</TableCell>
                <TableCell>{t('common.view')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {approval.supportDocs.map((d, i) => (
                <TableRow key={d._id}>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{d.docName}</TableCell>
                  <TableCell>{description(d)}</TableCell>
                  <TableCell>{d.uploadUser ?? ''}</TableCell>
                  <TableCell>{date(d.uploadDate)}</TableCell>
                  <TableCell>{view(d)}</TableCell>
                </TableRow>
              ))}
              {approval.supportDocs.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>—</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        )}
      </Paper>
    </Box>
  );
}
