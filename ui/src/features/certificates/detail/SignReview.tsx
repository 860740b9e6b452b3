import { Fragment } from 'react';
import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import { percentText as pct, type CertificateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { storedWord } from '../../../app/stored-text';
import { heldDocumentLink } from './DocumentTables';

/**
 * What a signature endorses, shown before the code is typed: the certificate as it will be issued
 * (grain, grade, measurements against the standard, documents, who signed before) and the content hash
 * the signature is bound to.
 */
export function SignReview({ approval }: { approval: CertificateView }) {
  const { t } = useI18n();
  const farm = approval.approvalDoc?.farm ?? {};
  const photo = approval.approvalDoc?.photo;
  const check = approval.approvalDoc?.standardCheck;
  const earlier = approval.approvalLevels.filter((l) => l.level < approval.stageLevel);
  const level = approval.approvalLevels.find((l) => l.level === approval.stageLevel);
  const row = (label: string, value: string, testId?: string) => (
    <Stack direction="row" spacing={1} key={label}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 130 }}>
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="sign-review">
      <Typography variant="subtitle2" gutterBottom>
        {t('cert.sign.endorsing')}
      </Typography>
      {row(t('cert.number'), `${approval.approvalNumber} · ${approval.approvalName}`)}
      {level && row(t('cert.level'), `${level.level}. ${storedWord(level.group, t)}`)}
      {row(t('cert.grainType'), [storedWord(farm.grainType, t), farm.harvestGrade].filter(Boolean).join(' · ') || '-', 'sign-review-grain')}
      {row(`${t('cert.protein')} / ${t('cert.moisture')}`, `${pct(farm.protein)} / ${pct(farm.moisture)}`)}
      {check && (
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 130 }}>
            {t('cert.sign.standard')}
          </Typography>
          <Chip
            size="small"
            color={check.result === 'pass' ? 'success' : check.result === 'fail' ? 'warning' : 'default'}
            label={t(`cert.sign.standard.${check.result}`)}
            data-testid="sign-review-standard"
          />
          {check.result !== 'noStandard' && <Typography variant="caption">{check.standardId}</Typography>}
        </Stack>
      )}
      {check?.deviationReason && row(t('cert.sign.deviation'), check.deviationReason)}
      {/* baseline: a lone link is a 44 px tap target on a phone, and its text stays on the label's line */}
      <Stack direction="row" spacing={1} alignItems="baseline">
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 130 }}>
          {t('cert.sign.documents')}
        </Typography>
        <Typography variant="body2" data-testid="sign-review-documents">
          {approval.supportDocs.length === 0 && !photo && t('cert.sign.none')}
          {approval.supportDocs.map((d, i) => (
            <Fragment key={d._id}>
              {i > 0 && ', '}
              <Link href={heldDocumentLink(d)} target="_blank" rel="noopener" title={d.sha256 ? `sha256 ${d.sha256}` : undefined}>
                {d.docName}
              </Link>
              {d.version !== undefined && ` (${t('cert.docVersion', { n: d.version })})`}
            </Fragment>
          ))}
          {photo && (
            <>
              {approval.supportDocs.length > 0 && ', '}
              <Link href={`/api/${photo.url}`} target="_blank" rel="noopener" title={`sha256 ${photo.sha256}`}>
                {t('cert.grainPhoto')}
              </Link>
            </>
          )}
        </Typography>
      </Stack>
      {earlier.length > 0 &&
        row(
          t('cert.sign.signedBefore'),
          earlier.map((l) => `${l.level}. ${l.signedEntries.map((e) => e.name).join(', ') || '-'}`).join(' · '),
          'sign-review-earlier',
        )}
      <Typography variant="caption" component="p" sx={{ mt: 1 }}>
        {t('cert.sign.heldExplained')} {t('cert.sign.hashExplained')}
      </Typography>
      <Typography variant="caption" component="p" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="sign-review-hash">
        {approval.contentHash}
      </Typography>
    </Box>
  );
}
