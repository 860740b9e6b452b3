import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Fuse from 'fuse.js';
import { Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { FUZZY_THRESHOLD } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { Page, useNotify } from '../../app';
import { useLive } from '../../live';
import { useLoad, useLoadErrorNotice } from '../../app/use-load';
import { complianceApi, type ComplianceListRow } from './api';

/** /views/compliance/list: 'Compliances Management' (docs/spec/farm-data-and-documents.md §2), fuzzy search on the name at 0.05. */
export function ComplianceListPage() {
  const { t, date } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const loaded = useLoad<ComplianceListRow[]>(() => complianceApi.list(), []);
  useLoadErrorNotice(loaded.error);
  const rows = loaded.data ?? null;
  const [q, setQ] = useState('');
  useLive(
    ['compliance_check_update'],
    () => void loaded.reload(),
    () => void loaded.reload(),
  );
  const shown = useMemo(() => {
    if (!rows || !q.trim()) return rows ?? [];
    return new Fuse(rows, { keys: ['docName'], threshold: FUZZY_THRESHOLD }).search(q.trim()).map((r) => r.item);
  }, [rows, q]);
  const downloadRow = async (id: string) => {
    try {
      await complianceApi.downloadReport(id);
    } catch {
      notify.error('PDF_DOWNLOAD_FAILED');
    }
  };
  return (
    <Page
      title={t('compliance.listTitle')}
      testId="compliance-list"
      actions={
        <Button variant="contained" onClick={() => navigate('/views/compliance/create')}>
          {t('compliance.createButton')}
        </Button>
      }
    >
      <TextField
        size="small"
        placeholder={t('compliance.search')}
        slotProps={{ htmlInput: { 'aria-label': t('compliance.search') } }}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        sx={{ mb: 2, minWidth: 280 }}
      />
      {!rows ? (
        <Typography>{t('common.loading')}</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('compliance.listTitle')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['id', 'name', 'creator', 'modified', 'status', 'download'].map((c) => (
                  <TableCell key={c}>{t(`compliance.col.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((r, i) => (
                <TableRow
                  key={r._id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  data-testid="compliance-row"
                  onClick={() => navigate(`/views/compliance/detail?id=${r._id}`)}
                >
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{r.docName}</TableCell>
                  <TableCell>{r.creator_name ?? r.user_id}</TableCell>
                  <TableCell>{date(r.date_of_issue)}</TableCell>
                  <TableCell>
                    {t(`compliance.status.${r.status}`)}
                    {r.totals ? ` (${r.totals.compliant}/${r.totals.total})` : ''}
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      disabled={r.status !== 'audited'}
                      onClick={(e) => {
                        e.stopPropagation();
                        void downloadRow(r._id);
                      }}
                    >
                      {t('common.download')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {!shown.length && (
                <TableRow>
                  <TableCell colSpan={6}>{t('compliance.empty')}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Page>
  );
}
