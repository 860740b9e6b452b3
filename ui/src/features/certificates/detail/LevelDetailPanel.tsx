import type { ReactNode } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Chip, List, ListItem, ListItemText, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { LevelView } from '../api';
import { STATUS_COLOR, ymd } from '../status';
import { useI18n } from '../../../i18n/i18n';

/** One level of the detail page (spec 000 §2); the current one is highlighted and expanded. */
export function LevelDetailPanel({ level, current, actions }: { level: LevelView; current: boolean; actions?: ReactNode }) {
  const { t } = useI18n();
  const shownStatus = level.overdue && level.status !== 'done' ? 'overdue' : level.status;
  return (
    <Accordion defaultExpanded={current} data-testid={`level-detail-${level.level}`} data-current={current}
      sx={current ? { border: 2, borderColor: 'primary.main' } : undefined}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="subtitle1">{level.level}. {level.group}</Typography>
          <Chip size="small" label={t(`cert.status.${shownStatus}`)} color={STATUS_COLOR[shownStatus]} />
          <Typography variant="body2" color="text.secondary">
            {t('cert.requiredSignatures')}: {level.signatures} · {t('cert.signedCount')}: {level.signed.length}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('cert.item')}</TableCell><TableCell>{t('cert.approver')}</TableCell><TableCell>{t('cert.position')}</TableCell>
                <TableCell>{t('cert.dueDate')}</TableCell><TableCell>{t('cert.signStatus')}</TableCell><TableCell>{t('cert.profile')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {level.signers.map((s, i) => {
                const entry = level.signedEntries.find((e) => e.userId === s._id);
                return (
                  <TableRow key={s._id} data-testid={`signer-row-${level.level}-${s.email}`}>
                    <TableCell>{i + 1}</TableCell>
                    <TableCell>{s.fullName}{s.delegatedBy ? ` (${t('cert.delegate')})` : ''}</TableCell>
                    <TableCell>{s.role}</TableCell>
                    <TableCell>{ymd(level.deadline)}</TableCell>
                    <TableCell>{entry ? `${t('cert.signed')} ${ymd(entry.at)}` : t('cert.pending')}</TableCell>
                    <TableCell>{s.email}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>{t('cert.comments')}</Typography>
        <List dense data-testid={`level-comments-${level.level}`}>
          {level.comments.length === 0 && <ListItem><ListItemText secondary={t('cert.noComments')} /></ListItem>}
          {level.comments.map((c, i) => <ListItem key={i}><ListItemText primary={c} /></ListItem>)}
        </List>
        {actions && <Stack direction="row" spacing={1} sx={{ mt: 1 }}>{actions}</Stack>}
      </AccordionDetails>
    </Accordion>
  );
}
