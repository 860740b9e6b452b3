import { Box, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
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
  return (
    <Box>
      <PrimaryDocument approval={approval} />
      <RelatedDocuments docs={approval.supportDocs} />
    </Box>
  );
}

/** A table's frame: its title, then the table (the card list below 768 px). */
function DocumentPaper({ testId, title, children }: { testId: string; title: string; children: ReactNode }) {
  const narrow = useCardLayout();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, overflowX: 'auto' }} data-testid={testId}>
      <Typography variant="subtitle1" sx={{ mb: narrow ? 1 : 0 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const none = <Typography>—</Typography>;

/** The certificate's farm record: its facts, and the grain photo it holds. */
function PrimaryDocument({ approval }: { approval: CertificateView }) {
  const { t } = useI18n();
  const narrow = useCardLayout();
  const primary = approval.approvalDoc;
  const farmFields = useFarmFields(approval);
  const photo = primary?.photo && (
    <Link href={`/api/${primary.photo.url}`} target="_blank" rel="noopener" title={`sha256 ${primary.photo.sha256}`} data-testid="held-photo-link">
      {t('cert.grainPhoto')}
    </Link>
  );
  // below 768 px: the farm record as one card, labels beside values
  const card = primary ? (
    <RowCards
      rowTestId="primary-doc-card"
      rows={[{ key: primary._id, title: storedWord(primary.docName, t), fields: farmFields, ...(photo ? { actions: photo } : {}) }]}
    />
  ) : (
    none
  );
  return (
    <DocumentPaper testId="primary-doc-table" title={t('cert.primaryDoc')}>
      {narrow ? (
        card
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
    </DocumentPaper>
  );
}

/** The primary document's columns after its name, shared by the table and the phone card. */
function useFarmFields(approval: CertificateView): Array<[string, string]> {
  const { t } = useI18n();
  const farm = (approval.approvalDoc?.farm ?? {}) as Record<string, unknown>;
  const fmt = (v: unknown, d: number) => (Number.isFinite(Number(v)) ? Number(v).toFixed(d) : '');
  return [
    [t('cert.grainType'), storedWord(String(farm.grainType ?? ''), t)],
    [t('cert.harvestGrade'), String(farm.harvestGrade ?? '')],
    [t('cert.storageLocation'), String(farm.storageLocation ?? '')],
    [t('cert.quantity'), fmt(farm.quantity, 0)],
    [t('cert.protein'), fmt(farm.protein, 2)],
    [t('cert.moisture'), fmt(farm.moisture, 2)],
  ];
}

/** The copy of a document the certificate holds, opened in a new tab; its hash on hover. */
function HeldDocumentView({ d }: { d: DocumentView }) {
  const { t } = useI18n();
  return (
    <Link href={heldDocumentLink(d)} target="_blank" rel="noopener" title={d.sha256 ? `sha256 ${d.sha256}` : undefined}>
      {t('common.view')}
      {d.version !== undefined ? ` (${t('cert.docVersion', { n: d.version })})` : ''}
    </Link>
  );
}

/** The related documents: one row each (one card each below 768 px), with the copy the certificate holds. */
function RelatedDocuments({ docs }: { docs: DocumentView[] }) {
  const { t, date } = useI18n();
  const narrow = useCardLayout();
  const description = (d: DocumentView) => storedText(d.description) || t('cert.noDescription');
  const cards =
    docs.length === 0 ? (
      none
    ) : (
      <RowCards
        rowTestId="related-doc-card"
        rows={docs.map((d, i) => ({
          key: d._id,
          title: `${i + 1}. ${d.docName}`,
          actions: <HeldDocumentView d={d} />,
          fields: [
            [t('cert.description'), description(d)],
            [t('cert.uploadedBy'), d.uploadUser ?? ''],
            [t('cert.date'), date(d.uploadDate)],
          ],
        }))}
      />
    );
  return (
    <DocumentPaper testId="related-doc-table" title={t('cert.relatedDocs')}>
      {narrow ? (
        cards
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              {['cert.item', 'cert.docName', 'cert.description', 'cert.uploadedBy', 'cert.date', 'common.view'].map((k) => (
                <TableCell key={k}>{t(k)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {docs.map((d, i) => (
              <TableRow key={d._id}>
                <TableCell>{i + 1}</TableCell>
                <TableCell>{d.docName}</TableCell>
                <TableCell>{description(d)}</TableCell>
                <TableCell>{d.uploadUser ?? ''}</TableCell>
                <TableCell>{date(d.uploadDate)}</TableCell>
                <TableCell>
                  <HeldDocumentView d={d} />
                </TableCell>
              </TableRow>
            ))}
            {docs.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>—</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
    </DocumentPaper>
  );
}
