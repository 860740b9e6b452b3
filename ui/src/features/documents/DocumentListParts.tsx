import { Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { RowCards, useNotify } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { documentsApi, type CompanyDocument } from './api';

interface DocumentsView {
  docs: CompanyDocument[];
  onOpen: (d: CompanyDocument) => void;
}

/** A row's download (the row itself opens the document). */
function DownloadButton({ doc }: { doc: CompanyDocument }) {
  const { t } = useI18n();
  const notify = useNotify();
  return (
    <Button
      size="small"
      onClick={(e) => {
        e.stopPropagation();
        documentsApi.download(doc).catch(notify.error);
      }}
    >
      {t('doc.download')}
    </Button>
  );
}

/** Below 768 px: a card per document (name, type, creator, date), tapping it opens the document. */
export function DocumentCards({ docs, onOpen }: DocumentsView) {
  const { t, date } = useI18n();
  return (
    <RowCards
      rowTestId="doc-row"
      testId="doc-cards"
      rows={docs.map((d, i) => ({
        key: d.docId,
        title: `${i + 1}. ${d.docName}`,
        onClick: () => onOpen(d),
        actions: <DownloadButton doc={d} />,
        fields: [
          [t('doc.type'), t(`doc.type.${d.docType}`)],
          [t('doc.creator'), d.uploadUserName ?? d.uploadUser],
          [t('doc.lastModified'), date(d.lastModified)],
        ],
      }))}
    />
  );
}

/** The documents as a table on a desk. */
export function DocumentTable({ docs, onOpen }: DocumentsView) {
  const { t, date } = useI18n();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('doc.id')}</TableCell>
            <TableCell>{t('doc.name')}</TableCell>
            <TableCell>{t('doc.type')}</TableCell>
            <TableCell>{t('doc.creator')}</TableCell>
            <TableCell>{t('doc.lastModified')}</TableCell>
            <TableCell>{t('doc.download')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {docs.map((d, i) => (
            <TableRow key={d.docId} hover sx={{ cursor: 'pointer' }} data-testid="doc-row" onClick={() => onOpen(d)}>
              <TableCell>{i + 1}</TableCell>
              <TableCell>{d.docName}</TableCell>
              <TableCell>{t(`doc.type.${d.docType}`)}</TableCell>
              <TableCell>{d.uploadUserName ?? d.uploadUser}</TableCell>
              <TableCell>{date(d.lastModified)}</TableCell>
              <TableCell>
                <DownloadButton doc={d} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
