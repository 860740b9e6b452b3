import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, Container, Paper, Stack, TextField, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { HASH_DISPLAY_LENGTH, type PublicVerifyAnswer, type UploadCheckAnswer } from '@grain/domain';
import { certificatesApi } from '../api';
import { STATUS_COLOR } from '../status';
import { IssuedFacts } from './IssuedFacts';
import { DigitalSignatures, PasskeySignatures } from './DigitalSignatures';
import { UploadChecks } from './UploadChecks';
import { IssuerPanel } from './IssuerPanel';
import { useI18n } from '../../../i18n/i18n';
import { errorText, LanguageSwitch } from '../../../app';

/** The look-up: a number with its verification code, or a content hash. */
function LookupForm({
  q,
  code,
  onQ,
  onCode,
  onSubmit,
}: {
  q: string;
  code: string;
  onQ: (v: string) => void;
  onCode: (v: string) => void;
  onSubmit: () => void;
}) {
  const { t } = useI18n();
  return (
    <Stack
      direction="row"
      spacing={1}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <TextField
        fullWidth
        size="small"
        label={t('cert.verify.query')}
        value={q}
        onChange={(e) => onQ(e.target.value)}
        inputProps={{ 'data-testid': 'verify-query' }}
      />
      <TextField
        size="small"
        label={t('cert.verify.code')}
        value={code}
        onChange={(e) => onCode(e.target.value)}
        inputProps={{ 'data-testid': 'verify-code' }}
        sx={{ minWidth: 180 }}
      />
      <Button type="submit" variant="contained" data-testid="verify-submit">
        {t('cert.verify.check')}
      </Button>
    </Stack>
  );
}

/** The certificate found: its status (revoked or not), issuer, status list entry, ledger, credential, facts and signatures. */
function VerifyResult({ answer }: { answer: PublicVerifyAnswer['approval'] }) {
  const { t, date, dateTime } = useI18n();
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="verify-result">
      <Stack direction="row" spacing={2} alignItems="center">
        <Typography variant="h6">
          #{answer.approvalNumber} · {answer.approvalName}
        </Typography>
        {answer.revocation ? (
          <Chip label={t('cert.status.revoked')} color="error" data-testid="verify-status" />
        ) : (
          <Chip label={t(`cert.status.${answer.status}`)} color={STATUS_COLOR[answer.status]} data-testid="verify-status" />
        )}
      </Stack>
      {answer.revocation && (
        <Alert severity="error" sx={{ my: 1 }} data-testid="verify-revoked">
          {t('cert.revoke.banner', { date: date(answer.revocation.at), by: answer.revocation.by, reason: answer.revocation.reason })}
        </Alert>
      )}
      {!answer.pdfSha256 && (
        // issued seconds ago: its sealed PDF, credential and XML follow in a moment
        <Alert severity="info" sx={{ my: 1 }} data-testid="verify-pdf-pending">
          {t('cert.verify.pdfPending')}
        </Alert>
      )}
      {answer.issuer && <IssuerPanel issuer={answer.issuer} contentHash={answer.contentHash} />}
      {answer.statusList && (
        <Typography variant="body2" sx={{ my: 1, wordBreak: 'break-all' }} data-testid="verify-status-list">
          {t('cert.verify.statusList', {
            url: answer.statusList.url,
            index: String(answer.statusList.index),
            madeAt: answer.statusList.madeAt ? dateTime(answer.statusList.madeAt) : '-',
            minutes: String(Math.max(1, Math.round(answer.statusList.maxAgeSeconds / 60))),
          })}
        </Typography>
      )}
      {answer.ledger ? (
        <Typography variant="body2" data-testid="verify-ledger">
          {t('cert.verify.ledger')}: #{answer.ledger.blockNumber} · tx {answer.ledger.txId.slice(0, HASH_DISPLAY_LENGTH)} · {t('cert.verify.block')}{' '}
          {answer.ledger.blockHash.slice(0, HASH_DISPLAY_LENGTH)}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('cert.verify.noLedger')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ my: 1 }}>
        <Button
          size="small"
          variant="outlined"
          href={`/api/public/verify/credential?hash=${encodeURIComponent(answer.contentHash)}`}
          download
          data-testid="verify-credential"
        >
          {t('cert.credential.download')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          href={`/api/public/verify/xml?hash=${encodeURIComponent(answer.contentHash)}`}
          download
          data-testid="verify-xml"
        >
          {t('cert.xml.download')}
        </Button>
        <Button size="small" href={`/api/public/verify/ca?hash=${encodeURIComponent(answer.contentHash)}`} download data-testid="verify-ca">
          {t('cert.credential.issuerCa')}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('cert.credential.explained')}
      </Typography>
      <IssuedFacts c={answer.issued} />
      <DigitalSignatures levels={answer.approvalLevels} />
      <PasskeySignatures levels={answer.approvalLevels} />
    </Paper>
  );
}

/** A buyer's own checks with third-party tools: the same steps as docs/verifying-a-certificate.md. */
function OwnToolsSteps() {
  const { t } = useI18n();
  const steps = ['pdf', 'revocation', 'credential', 'xml', 'script'] as const;
  return (
    <Box sx={{ mt: 3 }} data-testid="verify-own-tools">
      <Typography variant="subtitle1">{t('cert.verify.ownTools.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('cert.verify.ownTools.intro')}
      </Typography>
      <Box component="ol" sx={{ pl: 3, my: 1 }}>
        {steps.map((s) => (
          <Typography component="li" variant="body2" key={s} sx={{ mb: 0.5 }}>
            {t(`cert.verify.ownTools.${s}`)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * /views/verify (no login): look an issued certificate up by content hash - the QR code on the
 * certificate PDF links here with ?hash= - or by number with the verification code printed on it
 * (?number=&code=), see who issued it and whether that is verified, and check a PDF or credential
 * someone was sent, check by check.
 */
export function VerifyPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('number') ?? params.get('hash') ?? '');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [answer, setAnswer] = useState<PublicVerifyAnswer['approval'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checked, setChecked] = useState<UploadCheckAnswer | null>(null);

  const lookup = useCallback(
    async (value: string, withCode: string) => {
      const v = value.trim();
      if (!v) return;
      const isHash = /^[0-9a-f]{64}$/i.test(v);
      setError(null);
      setAnswer(null);
      try {
        setAnswer((await certificatesApi.verify(isHash ? { hash: v } : { number: v, code: withCode.trim() })).approval);
      } catch (e) {
        setError(errorText(e, t));
      }
    },
    [t],
  );
  useEffect(() => {
    const first = params.get('hash') ?? params.get('number');
    if (first) void lookup(first, params.get('code') ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const checkFile = async (f: File | undefined) => {
    if (!f) return;
    setChecked(null);
    setError(null);
    try {
      setChecked(await certificatesApi.checkFile(f));
    } catch (e) {
      setError(errorText(e, t));
    }
  };

  return (
    <Container component="main" maxWidth="md" sx={{ py: 4 }} data-testid="verify-page">
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Typography variant="h4" component="h1">
          {t('cert.verify.title')}
        </Typography>
        <LanguageSwitch />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('cert.verify.intro')}
      </Typography>
      <LookupForm
        q={q}
        code={code}
        onQ={setQ}
        onCode={setCode}
        onSubmit={() => {
          setParams(/^[0-9a-f]{64}$/i.test(q.trim()) ? { hash: q.trim() } : { number: q.trim(), code: code.trim() });
          void lookup(q, code);
        }}
      />
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="verify-error">
          {error}
        </Alert>
      )}
      {answer && <VerifyResult answer={answer} />}
      <Box sx={{ mt: 3 }}>
        <Typography variant="subtitle1">{t('cert.verify.pdfTitle')}</Typography>
        <Button component="label" variant="outlined" sx={{ mt: 1 }}>
          {t('cert.verify.pdfPick')}
          <input hidden type="file" accept="application/pdf,.pdf,.jwt,.vc.jwt" onChange={(e) => void checkFile(e.target.files?.[0])} data-testid="verify-pdf" />
        </Button>
        {checked && <UploadChecks answer={checked} />}
      </Box>
      <OwnToolsSteps />
    </Container>
  );
}
