import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { checkTitle, type ActionPerson, type CorrectiveActionView, type EvidenceView } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { Page, useNotify } from '../../app';
import { actionsApi } from './api';
import { SeverityChip, StateChip } from './parts';

/**
 * /views/corrective-actions/detail?id= (the mails' deep link): the finding, its state and due date,
 * every fix with its evidence (and hash) and verdict, the audit trail; and the buttons the server says
 * this viewer may use — the owner starts, uploads evidence and submits the fix; someone else who may
 * verify accepts it or reopens it with a reason; whoever makes actions reassigns or redates.
 */
export function ActionDetailPage() {
  const { t, date, dateTime, lang } = useI18n();
  const notify = useNotify();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [a, setA] = useState<CorrectiveActionView | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [evidence, setEvidence] = useState<EvidenceView[]>([]);
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState('');
  const [owners, setOwners] = useState<ActionPerson[] | null>(null);
  const [newOwner, setNewOwner] = useState('');
  const [newDue, setNewDue] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(() => {
    actionsApi.detail(id).then(
      (r) => setA(r.action),
      () => setMissing(true),
    );
  }, [id]);
  useEffect(load, [load]);
  useEffect(() => {
    if (a?.allowed.reassign && !owners)
      actionsApi.owners().then(
        (r) => setOwners(r.owners),
        () => setOwners([]),
      );
  }, [a, owners]);

  const step = async (run: () => Promise<{ action: CorrectiveActionView }>, done: string) => {
    setBusy(true);
    try {
      setA((await run()).action);
      notify.success(t(done));
      return true;
    } catch (e) {
      notify.error(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const addFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const r = await actionsApi.upload(id, file);
      setEvidence((x) => [...x, r.evidence]);
    } catch (e) {
      notify.error(e);
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  const removeFile = async (e: EvidenceView) => {
    try {
      await actionsApi.removeEvidence(id, e.id);
      setEvidence((x) => x.filter((y) => y.id !== e.id));
    } catch (err) {
      notify.error(err);
    }
  };

  return (
    <Page
      title={t('ca.detailTitle')}
      testId="ca-detail"
      actions={
        <Link component={RouterLink} to="/views/corrective-actions/list" sx={{ alignSelf: 'center' }}>
          {t('common.back')}
        </Link>
      }
    >
      {!a ? (
        <Typography>{missing ? t('ca.notFound') : t('common.loading')}</Typography>
      ) : (
        <Stack spacing={2}>
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
            <Typography variant="body2">
              <b>{t('ca.requirement')}:</b> {a.finding.requirement}
            </Typography>
            {a.finding.policyRef && (
              <Typography variant="body2">
                <b>{t('ca.policyRef')}:</b> {a.finding.policyRef}
              </Typography>
            )}
            <Typography variant="body2">
              <b>{t('ca.evidenceExcerpt')}:</b> {a.finding.evidence}
            </Typography>
            {a.finding.recommendations && (
              <Typography variant="body2">
                <b>{t('ca.recommendations')}:</b> {a.finding.recommendations}
              </Typography>
            )}
            {a.finding.flagged && <Typography variant="caption">{t('ca.flagged')}</Typography>}
          </Paper>

          {a.allowed.start && (
            <Button variant="outlined" disabled={busy} onClick={() => void step(() => actionsApi.start(id), 'ca.done.start')} data-testid="ca-start">
              {t('ca.start')}
            </Button>
          )}

          {a.allowed.submitFix && (
            <Paper variant="outlined" sx={{ p: 2 }} data-testid="ca-fix-form">
              <Typography variant="subtitle1">{t('ca.yourFix')}</Typography>
              <TextField
                label={t('ca.note')}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                multiline
                minRows={3}
                fullWidth
                sx={{ my: 1 }}
                inputProps={{ 'data-testid': 'ca-note', maxLength: 2000 }}
              />
              {evidence.map((e) => (
                <Stack key={e.id} direction="row" spacing={1} alignItems="center" data-testid="ca-pending-evidence">
                  <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                    {e.fileName}
                  </Typography>
                  <Button size="small" onClick={() => void removeFile(e)}>
                    {t('ca.remove')}
                  </Button>
                </Stack>
              ))}
              <input
                ref={fileInput}
                type="file"
                accept=".pdf,.png,.jpg,.jpeg,.gif,application/pdf,image/*"
                hidden
                onChange={(e) => void addFile(e.target.files?.[0])}
                data-testid="ca-file"
              />
              <Typography variant="caption" display="block">
                {t('ca.evidenceHint')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
                <Button variant="outlined" disabled={busy} onClick={() => fileInput.current?.click()} data-testid="ca-add-file">
                  {t('ca.addEvidence')}
                </Button>
                <Button
                  variant="contained"
                  disabled={busy}
                  data-testid="ca-submit-fix"
                  onClick={() =>
                    void step(
                      () =>
                        actionsApi.submitFix(
                          id,
                          note,
                          evidence.map((e) => e.id),
                        ),
                      'ca.done.fix',
                    ).then((ok) => {
                      if (ok) {
                        setNote('');
                        setEvidence([]);
                      }
                    })
                  }
                >
                  {t('ca.submitFix')}
                </Button>
              </Stack>
            </Paper>
          )}

          {(a.allowed.verify || a.allowed.reopen) && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button
                variant="contained"
                color="success"
                disabled={busy}
                onClick={() => void step(() => actionsApi.verify(id), 'ca.done.verify')}
                data-testid="ca-verify"
              >
                {t('ca.verify')}
              </Button>
              <Button variant="outlined" color="warning" disabled={busy} onClick={() => setReopening(true)} data-testid="ca-reopen">
                {t('ca.reopen')}
              </Button>
            </Stack>
          )}

          {a.fixes.length > 0 && (
            <Paper variant="outlined" sx={{ p: 2 }} data-testid="ca-fixes">
              <Typography variant="subtitle1">{t('ca.fixes')}</Typography>
              {a.fixes.map((f) => (
                <Box key={f.round} sx={{ mt: 1 }} data-testid="ca-fix">
                  <Typography variant="body2">
                    <b>{t('ca.round', { n: f.round })}</b> · {f.by.name} · {dateTime(f.at)}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    {f.note}
                  </Typography>
                  {f.evidence.map((e) => (
                    <Typography key={e.id} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      <Link href={e.url}>{e.fileName}</Link> · SHA-256 {e.sha256.slice(0, 12)}…
                    </Typography>
                  ))}
                  {f.outcome && (
                    <Alert severity={f.outcome.verdict === 'verified' ? 'success' : 'warning'} sx={{ mt: 0.5 }}>
                      {f.outcome.verdict === 'verified'
                        ? t('ca.verdict.verified', { name: f.outcome.by.name })
                        : t('ca.verdict.reopened', { name: f.outcome.by.name, reason: f.outcome.reason ?? '' })}
                    </Alert>
                  )}
                </Box>
              ))}
            </Paper>
          )}

          {(a.allowed.reassign || a.allowed.redate) && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
                <TextField
                  select
                  SelectProps={{ native: true }}
                  InputLabelProps={{ shrink: true }}
                  size="small"
                  label={t('ca.owner')}
                  value={newOwner}
                  onChange={(e) => setNewOwner(e.target.value)}
                  sx={{ minWidth: 180 }}
                >
                  <option value="" />
                  {(owners ?? []).map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </TextField>
                <Button disabled={busy || !newOwner} onClick={() => void step(() => actionsApi.reassign(id, newOwner), 'ca.done.saved')}>
                  {t('ca.reassign')}
                </Button>
                <TextField
                  type="date"
                  size="small"
                  label={t('ca.due')}
                  value={newDue}
                  onChange={(e) => setNewDue(e.target.value)}
                  InputLabelProps={{ shrink: true }}
                />
                <Button disabled={busy || !newDue} onClick={() => void step(() => actionsApi.redate(id, newDue), 'ca.done.saved')}>
                  {t('ca.redate')}
                </Button>
              </Stack>
            </Paper>
          )}

          <Paper variant="outlined" sx={{ p: 2 }} data-testid="ca-trail">
            <Typography variant="subtitle1">{t('ca.trail')}</Typography>
            {a.audit.map((e, i) => (
              <Typography key={i} variant="body2">
                {dateTime(e.at)} · {t(`ca.event.${e.event}`)}
                {e.detail && e.event === 'reopened' ? `: ${e.detail}` : ''}
              </Typography>
            ))}
          </Paper>
        </Stack>
      )}
      <Dialog open={reopening} onClose={() => setReopening(false)} fullWidth>
        <DialogTitle>{t('ca.reopen')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            label={t('ca.reopenReason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            sx={{ mt: 1 }}
            inputProps={{ 'data-testid': 'ca-reopen-reason', maxLength: 2000 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReopening(false)}>{t('ca.cancel')}</Button>
          <Button
            variant="contained"
            disabled={busy}
            data-testid="ca-reopen-confirm"
            onClick={() =>
              void step(() => actionsApi.reopen(id, reason), 'ca.done.reopen').then((ok) => {
                if (ok) {
                  setReopening(false);
                  setReason('');
                }
              })
            }
          >
            {t('ca.reopen')}
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
