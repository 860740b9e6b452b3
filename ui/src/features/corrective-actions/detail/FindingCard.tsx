import { Divider, Paper, Stack, Typography } from '@mui/material';
import { checkTitle, type CorrectiveActionView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { SeverityChip, StateChip } from '../parts';

/** The finding the action answers: the check, its state and severity, farm, owner, due date, the rule and what the audit found. */
export function FindingCard({ a }: { a: CorrectiveActionView }) {
  const { t, date, lang } = useI18n();
  const f = a.finding;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" data-testid="ca-check">
        {checkTitle(a.check, lang)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1 }} flexWrap="wrap" useFlexGap>
        <StateChip row={a} />
        <SeverityChip severity={a.severity} />
        {a.escalated && a.status !== 'verified' && <Typography variant="caption">{t('ca.escalated')}</Typography>}
      </Stack>
      <Typography variant="body2">
        {t('ca.farm')}: {a.farm.name}
      </Typography>
      <Typography variant="body2" data-testid="ca-owner">
        {t('ca.owner')}: {a.owner.name}
      </Typography>
      <Typography variant="body2" data-testid="ca-due">
        {t('ca.due')}: {date(a.dueAt)}
      </Typography>
      <Divider sx={{ my: 1 }} />
      <Labelled label={t('ca.requirement')} text={f.requirement} />
      {f.policyRef && <Labelled label={t('ca.policyRef')} text={f.policyRef} />}
      <Labelled label={t('ca.evidenceExcerpt')} text={f.evidence} />
      {f.recommendations && <Labelled label={t('ca.recommendations')} text={f.recommendations} />}
      {f.flagged && <Typography variant="caption">{t('ca.flagged')}</Typography>}
    </Paper>
  );
}

function Labelled({ label, text }: { label: string; text: string }) {
  return (
    <Typography variant="body2">
      <b>{label}:</b> {text}
    </Typography>
  );
}
