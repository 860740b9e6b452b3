import type { ReactNode } from 'react';
import { Box, Chip, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { percentText, requirementLimitText, type CertificateView, type DocumentView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { useAuthIfAny } from '../../../app/auth';
import { storedWord } from '../../../app/stored-text';
import { RejectionBanner } from './RejectionBanner';
import { heldDocumentLink } from './DocumentTables';
import { resignerSummary } from './resigner-summary';

/**
 * What a signer must see before signing, in the sign dialog and on the detail page: for a re-signer why
 * it came back and what changed since they signed; the farm record's measurements beside the limits of
 * the standard of its grade; and each piece of evidence itself — the grain photo and every support
 * document as the exact version the content hash covers (images inline, PDFs in a frame of our own
 * document route, anything else to download).
 */
export function EvidencePanel({ approval, inDialog = false }: { approval: CertificateView; inDialog?: boolean }) {
  return (
    <Stack spacing={2} data-testid={inDialog ? 'sign-evidence' : 'evidence'} sx={{ mb: inDialog ? 0 : 2 }}>
      {/* the detail page shows the send-back notice at its top already */}
      {inDialog && approval.rejection && <RejectionBanner notice={approval.rejection} />}
      <ResignerNotice approval={approval} />
      <MeasurementsAgainstLimits approval={approval} />
      <EvidencePreviews approval={approval} inDialog={inDialog} />
    </Stack>
  );
}

/** A signer whose signature a content change voided: when they signed, what changed since, and why it came back. */
function ResignerNotice({ approval }: { approval: CertificateView }) {
  const { t, dateTime } = useI18n();
  const user = useAuthIfAny()?.user;
  const summary = user ? resignerSummary(approval, user.id) : null;
  if (!summary) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, borderColor: 'warning.main' }} data-testid="resigner-summary">
      <Typography variant="subtitle2">
        {t('cert.evidence.resigned', { level: summary.level, at: dateTime(summary.signedAt), hash: summary.signedOver.slice(0, 12) })}
      </Typography>
      <Typography variant="body2" data-testid="resigner-changes">
        {summary.changed.length
          ? `${t('cert.rejection.changed')}: ${summary.changed.map((c) => t(`cert.change.${c}`)).join(', ')}`
          : t('cert.evidence.noChangeNamed')}
      </Typography>
      {summary.reasons.map((r, i) => (
        <Typography key={i} variant="body2" data-testid="resigner-reason">
          {t('cert.evidence.sentBackBecause', { by: r.by, at: dateTime(r.at), reason: r.reason })}
        </Typography>
      ))}
    </Paper>
  );
}

/** The farm record's measurements beside the limits of its grade's standard, each marked met or not. */
function MeasurementsAgainstLimits({ approval }: { approval: CertificateView }) {
  const { t } = useI18n();
  const check = approval.approvalDoc?.standardCheck;
  if (!check) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="measurements-limits">
      <Typography variant="subtitle2">{t('cert.evidence.measurements')}</Typography>
      {check.result === 'noStandard' ? (
        <Typography variant="body2">{t('cert.sign.standard.noStandard')}</Typography>
      ) : (
        <>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('cert.evidence.standard', { name: check.standardName, grade: check.grade, type: storedWord(check.grainType, t) })}
          </Typography>
          <Table size="small" sx={{ '& td, & th': { px: 0.75 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('cert.evidence.measure')}</TableCell>
                <TableCell>{t('cert.evidence.measured')}</TableCell>
                <TableCell>{t('cert.evidence.limit')}</TableCell>
                <TableCell>{t('cert.evidence.result')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {check.requirements.map((r) => (
                <TableRow key={r.measure} data-testid={`limit-${r.measure}`} data-pass={r.pass}>
                  <TableCell>{t(`cert.${r.measure}`)}</TableCell>
                  <TableCell>{percentText(r.measured)}</TableCell>
                  <TableCell>{requirementLimitText(r)}</TableCell>
                  <TableCell>
                    <Chip size="small" color={r.pass ? 'success' : 'warning'} label={t(r.pass ? 'cert.evidence.met' : 'cert.evidence.notMet')} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Paper>
  );
}

type Kind = 'image' | 'pdf' | 'download';
const kindOf = (mime: string | undefined): Kind => (mime?.startsWith('image/') ? 'image' : mime === 'application/pdf' ? 'pdf' : 'download');

/** The grain photo and each support document, shown inline from the certificate's own copies. */
function EvidencePreviews({ approval, inDialog }: { approval: CertificateView; inDialog: boolean }) {
  const { t } = useI18n();
  const photo = approval.approvalDoc?.photo;
  const held = approval.supportDocs.filter((d) => d.url);
  if (!photo && held.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="evidence-previews">
      <Typography variant="subtitle2" gutterBottom>
        {t('cert.evidence.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: inDialog ? '1fr' : 'repeat(2, minmax(0, 1fr))' } }}>
        {photo && (
          <Preview caption={t('cert.grainPhoto')} sha256={photo.sha256} testId="preview-photo">
            <Box
              component="img"
              src={`/api/${photo.url}`}
              alt={t('cert.evidence.photoAlt', { hash: photo.sha256.slice(0, 12) })}
              loading="lazy"
              sx={{ display: 'block', maxWidth: '100%', maxHeight: 280, objectFit: 'contain', borderRadius: 1 }}
            />
          </Preview>
        )}
        {held.map((d) => (
          <DocumentPreview key={d._id} d={d} />
        ))}
      </Box>
    </Paper>
  );
}

function DocumentPreview({ d }: { d: DocumentView }) {
  const { t } = useI18n();
  const src = heldDocumentLink(d);
  const kind = kindOf(d.mime);
  const caption = `${d.docName}${d.version !== undefined ? ` (${t('cert.docVersion', { n: d.version })})` : ''}`;
  return (
    <Preview caption={caption} sha256={d.sha256} testId={`preview-doc-${d._id}`} kind={kind}>
      {kind === 'image' && (
        <Box component="img" src={src} alt={caption} loading="lazy" sx={{ display: 'block', maxWidth: '100%', maxHeight: 280, objectFit: 'contain' }} />
      )}
      {kind === 'pdf' && (
        <Box
          component="iframe"
          src={src}
          title={caption}
          loading="lazy"
          sx={{ display: 'block', width: '100%', height: { xs: 300, sm: 360 }, border: 1, borderColor: 'divider' }}
        />
      )}
      <Link href={`${src}?download=1`} download data-tap sx={{ mt: 0.5 }} data-testid="preview-download">
        {t(kind === 'download' ? 'cert.evidence.download' : 'cert.evidence.downloadCopy')}
      </Link>
    </Preview>
  );
}

function Preview({ caption, sha256, testId, kind, children }: { caption: string; sha256?: string; testId: string; kind?: Kind; children: ReactNode }) {
  return (
    <Box data-testid={testId} data-kind={kind} sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {caption}
      </Typography>
      {sha256 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          sha256 {sha256}
        </Typography>
      )}
      {children}
    </Box>
  );
}
