import { useEffect, useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { levelDisplayStatus, type LevelView } from '@grain/domain';
import { STATUS_COLOR } from '../status';
import { useI18n } from '../../../i18n/i18n';
import { RowCards, useCardLayout } from '../../../app/RowCards';
import { storedRole, storedWord } from '../../../app/stored-text';

/** One level of the detail page; the current one is highlighted and expanded. */
export function LevelDetailPanel({ level, current, actions }: { level: LevelView; current: boolean; actions?: ReactNode }) {
  const { t } = useI18n();
  const shownStatus = levelDisplayStatus(level.status, level.overdue);
  // The current level is open, and opens again when it becomes current (a certificate sent back to it),
  // so its signers always see who signed and what was said; the others open on demand.
  const [expanded, setExpanded] = useState(current);
  useEffect(() => {
    if (current) setExpanded(true);
  }, [current]);
  return (
    <Accordion
      expanded={expanded}
      onChange={(_e, open) => setExpanded(open)}
      data-testid={`level-detail-${level.level}`}
      data-current={current}
      sx={current ? { border: 2, borderColor: 'primary.main' } : undefined}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="subtitle1">
            {level.level}. {storedWord(level.group, t)}
          </Typography>
          <Chip size="small" label={t(`cert.levelStatus.${shownStatus}`)} color={STATUS_COLOR[shownStatus]} />
          <Typography variant="body2" color="text.secondary">
            {t('cert.requiredSignatures')}: {level.signatures} · {t('cert.signedCount')}: {level.signed.length}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <LevelSigners level={level} />
        <LevelComments level={level} />
        <VoidedSignatures level={level} />
        {actions && (
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ mt: 1 }}>
            {actions}
          </Stack>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** The level's signers: one row each (one card each below 768 px), with when they signed. */
function LevelSigners({ level }: { level: LevelView }) {
  const { t, date } = useI18n();
  const narrow = useCardLayout();
  const approver = (s: LevelView['signers'][number]) => `${s.fullName}${s.delegatedBy ? ` (${t('cert.delegate')})` : ''}`;
  const signStatus = (s: LevelView['signers'][number]) => {
    const entry = level.signedEntries.find((e) => e.userId === s._id);
    if (!entry) return t('cert.pending');
    const how = entry.passkeySignature ? ` · ${t('cert.signedWithPasskey')}` : entry.digitalSignature ? ` · ${t('cert.signedWithKey')}` : '';
    return `${t('cert.signed')} ${date(entry.at)}${how}`;
  };
  return (
    <>
      {narrow ? (
        // below 768 px: one card per signer (six columns do not fit a phone)
        <RowCards
          testId={`signer-cards-${level.level}`}
          rows={level.signers.map((s, i) => ({
            key: s._id,
            testId: `signer-row-${level.level}-${s.email}`,
            title: `${i + 1}. ${approver(s)}`,
            fields: [
              [t('cert.position'), storedRole(s.role, t)],
              [t('cert.dueDate'), date(level.deadline)],
              [t('cert.signStatus'), signStatus(s)],
              [t('cert.profile'), s.email],
            ],
          }))}
        />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('cert.item')}</TableCell>
                <TableCell>{t('cert.approver')}</TableCell>
                <TableCell>{t('cert.position')}</TableCell>
                <TableCell>{t('cert.dueDate')}</TableCell>
                <TableCell>{t('cert.signStatus')}</TableCell>
                <TableCell>{t('cert.profile')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {level.signers.map((s, i) => (
                <TableRow key={s._id} data-testid={`signer-row-${level.level}-${s.email}`}>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{approver(s)}</TableCell>
                  <TableCell>{storedRole(s.role, t)}</TableCell>
                  <TableCell>{date(level.deadline)}</TableCell>
                  <TableCell>{signStatus(s)}</TableCell>
                  <TableCell>{s.email}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </>
  );
}

/** What the level's signers said. */
function LevelComments({ level }: { level: LevelView }) {
  const { t } = useI18n();
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('cert.comments')}
      </Typography>
      <List dense data-testid={`level-comments-${level.level}`}>
        {level.comments.length === 0 && (
          <ListItem>
            <ListItemText secondary={t('cert.noComments')} />
          </ListItem>
        )}
        {level.comments.map((c, i) => (
          <ListItem key={i}>
            <ListItemText primary={c} />
          </ListItem>
        ))}
      </List>
    </>
  );
}

/** Signatures given to content that changed since (a resubmit voids them), with the hash they signed. */
function VoidedSignatures({ level }: { level: LevelView }) {
  const { t, date } = useI18n();
  if (!level.voided?.length) return null;
  return (
    <Box data-testid={`level-voided-${level.level}`} sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{t('cert.voided.title')}</Typography>
      <List dense>
        {level.voided.map((v, i) => (
          <ListItem key={i}>
            <ListItemText
              secondary={t('cert.voided.line', { name: v.name, at: date(v.at), hash: (v.contentHash ?? '').slice(0, 12), when: date(v.voidedAt) })}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
