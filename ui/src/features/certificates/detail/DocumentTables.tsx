import { Box, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ApprovalView } from '../api';
import { ymd } from '../status';
import { useI18n } from '../../../i18n/i18n';
import { showStored } from '../../../app/stored-text';

const docLink = (id: string) => `/api/company/document/${encodeURIComponent(id)}`;

/** Primary document (the farm record's facts) and related documents tables of the detail page. */
export function DocumentTables({ approval }: { approval: ApprovalView }) {
  const { t } = useI18n();
  const farm = (approval.approvalDoc?.farm ?? {}) as Record<string, unknown>;
  const fmt = (v: unknown, d: number) => (Number.isFinite(Number(v)) ? Number(v).toFixed(d) : '');
  return (
    <Box>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, overflowX: 'auto' }} data-testid="primary-doc-table">
        <Typography variant="subtitle1">{t('cert.primaryDoc')}</Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('cert.docName')}</TableCell><TableCell>{t('cert.grainType')}</TableCell><TableCell>{t('cert.harvestGrade')}</TableCell>
              <TableCell>{t('cert.storageLocation')}</TableCell><TableCell>{t('cert.quantity')}</TableCell><TableCell>{t('cert.protein')}</TableCell><TableCell>{t('cert.moisture')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {approval.approvalDoc ? (
              <TableRow>
                <TableCell>{approval.approvalDoc.docName}</TableCell>
                <TableCell>{String(farm.grainType ?? '')}</TableCell>
                <TableCell>{String(farm.harvestGrade ?? '')}</TableCell>
                <TableCell>{String(farm.storageLocation ?? '')}</TableCell>
                <TableCell>{fmt(farm.quantity, 0)}</TableCell>
                <TableCell>{fmt(farm.protein, 2)}</TableCell>
                <TableCell>{fmt(farm.moisture, 2)}</TableCell>
              </TableRow>
            ) : (
              <TableRow><TableCell colSpan={7}>—</TableCell></TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, overflowX: 'auto' }} data-testid="related-doc-table">
        <Typography variant="subtitle1">{t('cert.relatedDocs')}</Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('cert.item')}</TableCell><TableCell>{t('cert.docName')}</TableCell><TableCell>{t('cert.description')}</TableCell>
              <TableCell>{t('cert.uploadedBy')}</TableCell><TableCell>{t('cert.date')}</TableCell><TableCell>{t('common.view')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {approval.supportDocs.map((d, i) => (
              <TableRow key={d._id}>
                <TableCell>{i + 1}</TableCell><TableCell>{d.docName}</TableCell><TableCell>{showStored(d.description, t) || t('cert.noDescription')}</TableCell>
                <TableCell>{d.uploadUser ?? ''}</TableCell><TableCell>{ymd(d.uploadDate)}</TableCell>
                <TableCell><Link href={docLink(d._id)} target="_blank" rel="noopener">{t('common.view')}</Link></TableCell>
              </TableRow>
            ))}
            {approval.supportDocs.length === 0 && <TableRow><TableCell colSpan={6}>—</TableCell></TableRow>}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}
