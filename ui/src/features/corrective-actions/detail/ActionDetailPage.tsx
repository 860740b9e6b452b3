import { Button, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { CorrectiveActionView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { Page } from '../../../app';
import { useLoad } from '../../../app/use-load';
import { actionsApi } from '../api';
import { useActionLive } from '../live';
import { FindingCard } from './FindingCard';
import { FixForm } from './FixForm';
import { FixRounds } from './FixRounds';
import { ManageAction } from './ManageAction';
import { Verdict } from './Verdict';
import { useActionStep } from './use-action-step';

/**
 * /views/corrective-actions/detail?id= (the mails' deep link): the finding, its state and due date,
 * every fix with its evidence (and hash) and verdict, the audit trail; and the parts the server says
 * this viewer may use — the owner starts, uploads evidence and submits the fix; someone else who may
 * verify accepts it or reopens it with a reason; whoever makes actions reassigns or redates. What
 * someone else does shows at once (the live channel).
 */
export function ActionDetailPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const loaded = useLoad(() => actionsApi.detail(id).then((r) => r.action), [id]);
  useActionLive(() => void loaded.reload(), id);
  const step = useActionStep(loaded.setData);
  const a = loaded.data;
  const back = (
    <Link component={RouterLink} to="/views/corrective-actions/list" sx={{ alignSelf: 'center' }}>
      {t('common.back')}
    </Link>
  );
  return (
    <Page title={t('ca.detailTitle')} testId="ca-detail" actions={back}>
      {!a ? (
        <Typography>{loaded.error ? t('ca.notFound') : t('common.loading')}</Typography>
      ) : (
        <Stack spacing={2}>
          <FindingCard a={a} />
          {a.allowed.start && (
            <Button variant="outlined" disabled={step.busy} onClick={() => void step.step(() => actionsApi.start(id), 'ca.done.start')} data-testid="ca-start">
              {t('ca.start')}
            </Button>
          )}
          {a.allowed.submitFix && <FixForm id={id} step={step} />}
          {(a.allowed.verify || a.allowed.reopen) && <Verdict id={id} step={step} />}
          <FixRounds fixes={a.fixes} />
          {(a.allowed.reassign || a.allowed.redate) && <ManageAction id={id} step={step} />}
          <ActionTrail audit={a.audit} />
        </Stack>
      )}
    </Page>
  );
}

function ActionTrail({ audit }: { audit: CorrectiveActionView['audit'] }) {
  const { t, dateTime } = useI18n();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="ca-trail">
      <Typography variant="subtitle1">{t('ca.trail')}</Typography>
      {audit.map((e, i) => (
        <Typography key={i} variant="body2">
          {dateTime(e.at)} · {t(`ca.event.${e.event}`)}
          {e.detail && e.event === 'reopened' ? `: ${e.detail}` : ''}
        </Typography>
      ))}
    </Paper>
  );
}
