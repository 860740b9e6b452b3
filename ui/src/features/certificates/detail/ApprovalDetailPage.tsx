import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Chip, Grid, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { certificatesApi } from '../api';
import type { CertificateView, CompanyPerson } from '@grain/domain';
import { STATUS_COLOR } from '../status';
import { useI18n } from '../../../i18n/i18n';
import { ConfirmDialog, errorText, MessageDialog, useAuth, useNotify } from '../../../app';
import { LOGIN_PATH, type LoginRedirect } from '../../../app/navigation';
import { useCertificateLive } from '../live';
import { DocumentTables } from './DocumentTables';
import { LevelDetailPanel } from './LevelDetailPanel';
import { SignDialog } from './SignDialog';
import { RejectionBanner } from './RejectionBanner';
import { RejectDialog } from './RejectDialog';
import { DelegateDialog } from './DelegateDialog';
import { AuditTrail } from './AuditTrail';
import { SigningStepper } from './SigningStepper';
import { ActionBar } from './ActionBar';
import { storedText } from '../../../app/stored-text';
import { AdjustLevelDialog, type AdjustTarget } from '../in-flight/AdjustLevelDialog';
import { WithdrawDialog } from '../in-flight/WithdrawDialog';
import { useNudge } from '../in-flight/use-nudge';
import { lateness } from '../due';

type Modal = 'sign' | 'reject' | 'delegate' | 'delete' | 'withdraw' | 'revoke' | null;

/** /views/approval/detail?id=: header, documents, summary, level panels, actions, Get Cert, audit trail. */
export function ApprovalDetailPage() {
  const { t, date } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const id = params.get('id');
  const [a, setA] = useState<CertificateView | null>(null);
  const [people, setPeople] = useState<CompanyPerson[]>([]);
  const [modal, setModal] = useState<Modal>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);
  const { nudge, busy: nudging } = useNudge(setA);

  const load = useCallback(async () => {
    if (!id) return navigate('/views/approval/list');
    try {
      setA((await certificatesApi.get(id)).approval);
    } catch (e) {
      notify.error(e);
      navigate('/views/approval/list'); // missing approval: back to the list (docs/spec/approvals.md §8)
    }
  }, [id, navigate, notify]);
  useEffect(() => {
    void load();
  }, [load]);
  useCertificateLive(() => void load(), id ?? undefined);

  // A signer asked to sign sees the certificate: the server records that it was opened (once per level;
  // reading it records nothing), so whoever chases the certificate knows.
  const openedSent = useRef('');
  useEffect(() => {
    if (!a?.can?.sign) return;
    const key = `${a._id}:${a.stageLevel}`;
    if (openedSent.current === key) return;
    openedSent.current = key;
    certificatesApi.opened(a._id).catch(() => undefined);
  }, [a]);

  // A mail's "Review and sign" button opens the certificate with ?sign=1: its sign dialog opens at once
  // for a signer of the current level (once; anyone else just sees the certificate).
  const askedToSign = params.get('sign') === '1';
  const signOffered = useRef(false);
  useEffect(() => {
    if (!askedToSign || signOffered.current || !a) return;
    signOffered.current = true;
    if (a.can?.sign) setModal('sign');
  }, [askedToSign, a]);

  // a sign link opened by someone the certificate does not ask to sign now: whose it is, and a way to switch
  const { user, logout } = useAuth();
  const otherUsersLink = askedToSign && !!a && !a.can?.sign && a.waitingFor?.who === 'signers';
  const switchAccount = async () => {
    const from = `${location.pathname}${location.search}`;
    await logout().catch(() => undefined);
    // after the guard's own redirect: the login page then returns to this link for whoever signs in
    setTimeout(() => navigate(LOGIN_PATH, { replace: true, state: { from } satisfies LoginRedirect }), 0);
  };

  const openDelegate = async () => {
    if (!people.length) {
      try {
        setPeople((await certificatesApi.createInfo()).signers);
      } catch (e) {
        return setMessage(errorText(e, t));
      }
    }
    setModal('delegate');
  };
  const after = (msg: string) => (next: CertificateView) => {
    setA(next);
    setModal(null);
    notify.success(t(msg));
  };
  const getCert = async () => {
    if (!a) return;
    try {
      await certificatesApi.getCert(a);
    } catch (e) {
      setMessage(errorText(e, t) || t('PDF_DOWNLOAD_FAILED'));
    }
  };
  const getCredential = async () => {
    if (!a) return;
    try {
      await certificatesApi.getCredential(a);
    } catch (e) {
      setMessage(errorText(e, t));
    }
  };
  const remove = async () => {
    if (!a) return;
    try {
      await certificatesApi.remove(a._id);
      notify.success(t('cert.deleted'));
      navigate('/views/approval/list');
    } catch (e) {
      setModal(null);
      setMessage(errorText(e, t));
    }
  };
  // in flight a certificate is withdrawn with a reason its signers are told, and stays readable
  const withdraw = async (reason: string) => {
    if (!a) return;
    await certificatesApi.remove(a._id, reason);
    setModal(null);
    notify.success(t('cert.inFlight.withdrawn'));
    await load();
  };
  // after issue the company's admin may revoke it: the ledger and the public verify page say so
  const revoke = async (reason: string) => {
    if (!a) return;
    await certificatesApi.revoke(a._id, reason);
    setModal(null);
    notify.success(t('cert.revoke.done'));
    await load();
  };

  if (!a) return <Typography>{t('common.loading')}</Typography>;
  const can = a.can ?? {
    edit: false,
    sign: false,
    reject: false,
    delegate: false,
    delete: false,
    getCert: false,
    revoke: false,
    manage: false,
    adjust: false,
    signaturePassword: false,
  };
  const inFlight = a.status !== 'created';
  const adjustLevel = (levelId: string) => {
    const l = a.approvalLevels.find((x) => x._id === levelId)!;
    setAdjusting({
      certificateId: a._id,
      approvalNumber: a.approvalNumber,
      levelId: l._id,
      level: l.level,
      deadline: l.deadline,
      signers: l.signers.filter((x) => !x.delegatedBy).map((x) => ({ _id: x._id, fullName: x.fullName })),
      submitterId: a.submitter._id,
    });
  };
  const levelActions = (levelId: string) =>
    can.adjust && (
      <Button variant="outlined" onClick={() => adjustLevel(levelId)} data-testid={`btn-adjust-${levelId}`}>
        {t('cert.inFlight.adjust')}
      </Button>
    );
  // the viewer's own part on the current level, kept in view by the action bar
  const mine = can.sign || can.reject || can.delegate;
  const actions = (
    <>
      {can.sign && (
        <Button variant="contained" color="success" onClick={() => setModal('sign')} data-testid="btn-approve">
          {t('cert.approve')}
        </Button>
      )}
      {can.reject && (
        <Button variant="outlined" color="error" onClick={() => setModal('reject')} data-testid="btn-reject">
          {t('cert.reject')}
        </Button>
      )}
      {can.delegate && (
        <Button variant="outlined" onClick={() => void openDelegate()} data-testid="btn-delegate">
          {t('cert.delegateAction')}
        </Button>
      )}
    </>
  );
  return (
    <Box data-testid="approval-detail" data-status={a.status} data-version={a.version}>
      <Link component={RouterLink} to="/views/approval/list" data-tap>
        {t('common.back')}
      </Link>
      {otherUsersLink && (
        <Alert
          severity="info"
          sx={{ mt: 2 }}
          data-testid="sign-link-other"
          action={
            <Button color="inherit" onClick={() => void switchAccount()} data-testid="switch-account">
              {t('cert.signLink.switch')}
            </Button>
          }
        >
          {t('cert.signLink.other', { names: a.waitingFor!.names.join(', '), level: a.waitingFor!.level ?? a.stageLevel, you: user?.fullName ?? '' })}
        </Alert>
      )}
      {a.rejection && (
        <Box sx={{ mt: 2 }}>
          <RejectionBanner notice={a.rejection} />
        </Box>
      )}
      <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} justifyContent="space-between" spacing={2}>
          <Box>
            <Typography variant="overline">#{a.approvalNumber}</Typography>
            <Typography variant="h5" component="h1" color={a.status === 'done' && !a.revocation ? 'success.main' : undefined} data-testid="approval-title">
              {a.approvalName}
            </Typography>
            <Typography variant="body2">
              {t('cert.submitter')}: {a.submitter.fullName} · {t('cert.submitted')}: {date(a.startDate) || '—'}
            </Typography>
            <Typography variant="body2" data-testid="detail-due">
              {t('cert.priority')}: {t(`cert.priority.${a.priority}`)} · {dueText(a, t, date)}
            </Typography>
            {a.waitingFor && (
              <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }} data-testid="waiting-for" data-who={a.waitingFor.who}>
                {waitingText(a, t)}
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={1} alignItems="flex-start" flexWrap="wrap" useFlexGap>
            {a.revocation ? (
              <Chip label={t('cert.status.revoked')} color="error" data-testid="detail-status" data-status="revoked" />
            ) : (
              <Chip label={t(`cert.status.${a.displayStatus}`)} color={STATUS_COLOR[a.displayStatus]} data-testid="detail-status" />
            )}
            {can.edit && (
              <Button component={RouterLink} to={`/views/approval/update?id=${encodeURIComponent(a._id)}`} data-testid="btn-edit">
                {t('cert.edit')}
              </Button>
            )}
            {can.manage && (
              <>
                <Button onClick={() => void nudge(a._id, 'signers')} disabled={!!nudging} data-testid="btn-remind">
                  {t('cert.inFlight.remind')}
                </Button>
                <Button onClick={() => void nudge(a._id, 'escalation')} disabled={!!nudging} data-testid="btn-escalate">
                  {t('cert.inFlight.escalate')}
                </Button>
              </>
            )}
            {can.delete && (
              <Button color="error" onClick={() => setModal(inFlight ? 'withdraw' : 'delete')} data-testid="btn-delete">
                {t(inFlight ? 'cert.inFlight.withdraw' : 'common.delete')}
              </Button>
            )}
            {can.getCert && (
              <Button variant="contained" onClick={() => void getCert()} data-testid="btn-get-cert">
                {t('cert.getCert')}
              </Button>
            )}
            {can.getCert && (
              <Button variant="outlined" onClick={() => void getCredential()} data-testid="btn-get-credential">
                {t('cert.credential.download')}
              </Button>
            )}
            {a.operatorUrl && (
              <Button href={a.operatorUrl} target="_blank" rel="noopener noreferrer" data-testid="btn-temporal">
                {t('cert.operator.temporal')}
              </Button>
            )}
            {can.revoke && (
              <Button color="error" onClick={() => setModal('revoke')} data-testid="btn-revoke">
                {t('cert.revoke.action')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
      {a.revocation && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="revoked-banner">
          {t('cert.revoke.banner', { date: date(a.revocation.at), by: a.revocation.by, reason: a.revocation.reason })}
        </Alert>
      )}
      {a.progress && a.status !== 'created' && <SigningStepper progress={a.progress} />}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <DocumentTables approval={a} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }} data-testid="summary-box">
            <Typography variant="subtitle1">{t('cert.summary')}</Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} color={storedText(a.summary) ? undefined : 'text.secondary'}>
              {storedText(a.summary) || t('cert.noSummary')}
            </Typography>
            {a.contentHash && (
              <Typography variant="caption" sx={{ wordBreak: 'break-all' }}>
                {t('cert.contentHash')}: {a.contentHash}
              </Typography>
            )}
          </Paper>
        </Grid>
      </Grid>
      <Box sx={{ mt: 2 }}>
        {a.approvalLevels.map((l) => {
          const current = l.level === a.stageLevel && a.status !== 'done' && a.status !== 'created';
          // the current and later levels can still be given a new due date or other signers
          const open = l.level >= a.stageLevel && l.status !== 'done';
          return <LevelDetailPanel key={l._id} level={l} current={current} actions={open ? levelActions(l._id) || undefined : undefined} />;
        })}
      </Box>
      {a.audit && a.audit.length > 0 && <AuditTrail entries={a.audit} />}
      {mine && <ActionBar level={a.approvalLevels.find((l) => l.level === a.stageLevel)}>{actions}</ActionBar>}
      <SignDialog open={modal === 'sign'} approval={a} onClose={() => setModal(null)} onSigned={after('cert.signedOk')} />
      <RejectDialog open={modal === 'reject'} approval={a} onClose={() => setModal(null)} onDone={after('cert.rejectedOk')} />
      <DelegateDialog open={modal === 'delegate'} approval={a} people={people} onClose={() => setModal(null)} onDone={after('cert.delegatedOk')} />
      <ConfirmDialog
        open={modal === 'delete'}
        message={t('cert.confirmDelete')}
        confirmLabel={t('common.delete')}
        onConfirm={() => void remove()}
        onCancel={() => setModal(null)}
      />
      <WithdrawDialog open={modal === 'withdraw'} onClose={() => setModal(null)} onWithdraw={withdraw} />
      <WithdrawDialog kind="revoke" open={modal === 'revoke'} onClose={() => setModal(null)} onWithdraw={revoke} />
      <AdjustLevelDialog
        target={adjusting}
        onClose={() => setAdjusting(null)}
        onDone={(next) => {
          setA(next);
          setAdjusting(null);
          notify.success(t('cert.inFlight.adjusted'));
        }}
      />
      <MessageDialog open={!!message} message={message ?? ''} onClose={() => setMessage(null)} />
    </Box>
  );
}

/** The status line: who has to act next, and what they have to do. */
function waitingText(a: CertificateView, t: (k: string, v?: Record<string, string | number>) => string): string {
  const w = a.waitingFor!;
  const names = w.names.join(', ');
  if (w.who === 'signers') return t('cert.waiting.sign', { names, level: w.level ?? a.stageLevel });
  return t(a.status === 'created' ? 'cert.waiting.submit' : 'cert.waiting.resubmit', { names });
}

/** The due date that matters now: the current level's (with how late, when overdue), and the last level's after it. */
function dueText(a: CertificateView, t: (k: string, v?: Record<string, string | number>) => string, date: (d?: string) => string): string {
  const level = a.approvalLevels.find((l) => l.level === a.stageLevel);
  const underWay = !!level && (a.status === 'signing' || a.status === 'pending' || a.status === 'rejected');
  if (!underWay) return `${t('cert.due')}: ${date(a.deadline)}`;
  const late = level.overdue || a.displayStatus === 'overdue' ? lateness(level.deadline) : null;
  const current = `${t('cert.levelDue', { level: level.level })}: ${date(level.deadline)}${late ? ` (${t(late.key, late.vars)})` : ''}`;
  return level.level < a.approvalLevels.length ? `${current} · ${t('cert.finalDue')}: ${date(a.deadline)}` : current;
}
