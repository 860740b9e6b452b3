import type { ReactNode } from 'react';
import { IconButton, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { certificatesApi } from '../api';
import type { TemplateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { Page, RowCards, useCardLayout, useNotify } from '../../../app';
import { useLoad, useLoadErrorNotice } from '../../../app/use-load';

/** /views/template/list: Template ID, Name, Created By, Created On (docs/spec/approvals.md §2), plus levels and delete. */
export function TemplateListPage() {
  const { t } = useI18n();
  const notify = useNotify();
  const narrow = useCardLayout();
  const loaded = useLoad(() => certificatesApi.templates().then((r) => r.templates), []);
  useLoadErrorNotice(loaded.error);
  // a failed load shows an empty list beside the error, not "loading" for ever
  const rows = loaded.data ?? (loaded.error ? [] : null);
  const remove = async (id: string) => {
    try {
      await certificatesApi.deleteTemplate(id);
      await loaded.reload();
    } catch (e) {
      notify.error(e);
    }
  };
  const deleteButton = (r: TemplateView) => (
    <IconButton aria-label={`${t('common.delete')} ${r.approvalName}`} onClick={() => void remove(r._id)}>
      <DeleteIcon />
    </IconButton>
  );
  return (
    <Page title={t('cert.templates.title')} testId="template-list">
      {narrow ? <TemplateCards rows={rows} deleteButton={deleteButton} /> : <TemplateTable rows={rows} deleteButton={deleteButton} />}
    </Page>
  );
}

interface TemplateRowsProps {
  /** null while loading. */
  rows: TemplateView[] | null;
  deleteButton: (r: TemplateView) => ReactNode;
}

const levelsOf = (r: TemplateView) => r.approvalLevels.map((l) => l.group).join(' → ');

/** Below 768 px: one card per template (six columns do not fit a phone), delete kept on the card. */
function TemplateCards({ rows, deleteButton }: TemplateRowsProps) {
  const { t, date } = useI18n();
  if (rows === null) return <Typography>{t('common.loading')}</Typography>;
  if (rows.length === 0) return <Typography color="text.secondary">{t('cert.noTemplates')}</Typography>;
  return (
    <RowCards
      testId="template-cards"
      rows={rows.map((r) => ({
        key: r._id,
        testId: `template-row-${r.approvalName}`,
        title: r.approvalName,
        actions: deleteButton(r),
        fields: [
          [t('cert.templates.id'), <span style={{ fontFamily: 'monospace' }}>{r._id.slice(0, 8)}</span>],
          [t('cert.levels'), levelsOf(r)],
          [t('cert.templates.createdBy'), r.createdBy],
          [t('cert.templates.createdOn'), date(r.createdOn)],
        ],
      }))}
    />
  );
}

function TemplateTable({ rows, deleteButton }: TemplateRowsProps) {
  const { t, date } = useI18n();
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('cert.templates.id')}</TableCell>
            <TableCell>{t('cert.templates.name')}</TableCell>
            <TableCell>{t('cert.levels')}</TableCell>
            <TableCell>{t('cert.templates.createdBy')}</TableCell>
            <TableCell>{t('cert.templates.createdOn')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows === null && (
            <TableRow>
              <TableCell colSpan={6}>{t('common.loading')}</TableCell>
            </TableRow>
          )}
          {rows?.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography color="text.secondary">{t('cert.noTemplates')}</Typography>
              </TableCell>
            </TableRow>
          )}
          {rows?.map((r) => (
            <TableRow key={r._id} data-testid={`template-row-${r.approvalName}`}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{r._id.slice(0, 8)}</TableCell>
              <TableCell>{r.approvalName}</TableCell>
              <TableCell>{levelsOf(r)}</TableCell>
              <TableCell>{r.createdBy}</TableCell>
              <TableCell>{date(r.createdOn)}</TableCell>
              <TableCell align="right">{deleteButton(r)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
