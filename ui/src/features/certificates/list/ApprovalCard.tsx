import { Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { CertificateListCard } from '@grain/domain';
import { STATUS_COLOR } from '../status';
import { useI18n } from '../../../i18n/i18n';
import { LevelProgress } from './LevelProgress';
import { lateness } from '../due';
import { storedWord } from '../../../app/stored-text';

/** A list card (docs/spec/approvals.md §2): number, name, status, current group, assignees, type, priority, due date, progress. */
export function ApprovalCard({ a }: { a: CertificateListCard }) {
  const { t, date } = useI18n();
  // under way: the due date of the level that holds it (the one that is late when overdue), and how late
  const underWay = a.status !== 'done' && a.status !== 'cancelled' && a.status !== 'created' && !!a.levelDue;
  const late = a.overdue ? lateness(a.levelDue ?? a.deadline) : null;
  const dueText = underWay
    ? `${t('cert.levelDue', { level: a.stageLevel })}: ${date(a.levelDue)}${late ? ` (${t(late.key, late.vars)})` : ''}`
    : `${t('cert.due')}: ${date(a.deadline)}`;
  return (
    <Card variant="outlined" data-testid={`approval-card-${a.approvalNumber}`}>
      <CardActionArea component={RouterLink} to={`/views/approval/detail?id=${encodeURIComponent(a._id)}`}>
        <CardContent>
          <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
            <Typography variant="subtitle2" color="text.secondary">
              #{a.approvalNumber}
            </Typography>
            {a.revocation ? (
              <Chip size="small" label={t('cert.status.revoked')} color="error" data-testid="status-badge" data-status="revoked" />
            ) : (
              <Chip size="small" label={t(`cert.status.${a.displayStatus}`)} color={STATUS_COLOR[a.displayStatus]} data-testid="status-badge" />
            )}
          </Stack>
          <Typography variant="h6" sx={{ my: 0.5 }} color={a.status === 'done' && !a.revocation ? 'success.main' : undefined}>
            {a.approvalName}
          </Typography>
          {a.revocation && (
            <Typography variant="body2" color="error" data-testid="card-revoked">
              {t('cert.revokedOn', { date: date(a.revocation.at), reason: a.revocation.reason })}
            </Typography>
          )}
          <Typography variant="body2">
            {t('cert.stage')}: {a.currentGroup ? storedWord(a.currentGroup, t) : '—'}
          </Typography>
          <Typography variant="body2">
            {t('cert.assignees')}: {a.assignees.join(', ') || '—'}
          </Typography>
          <Typography variant="body2">
            {t('cert.docType')}: {docTypeLabel(a.docType, t)}
          </Typography>
          <Typography variant="body2" data-testid="card-due">
            {t('cert.priority')}: {t(`cert.priority.${a.priority}`)} · {dueText}
          </Typography>
          <Stack sx={{ mt: 1 }}>
            <LevelProgress levels={a.approvalLevels} stageLevel={a.stageLevel} />
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The primary document's type in words: a farm record, or a document type's label (raw key only if unknown). */
function docTypeLabel(docType: string | null, t: (k: string) => string): string {
  if (!docType || docType === 'farmData') return t('cert.farmRecord');
  const key = `doc.type.${docType}`;
  const label = t(key);
  return label === key ? docType : label;
}
