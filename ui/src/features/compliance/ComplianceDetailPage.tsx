import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Link, Paper, Typography } from '@mui/material';
import { useI18n } from '../../i18n/i18n';
import { Page } from '../../app';
import { useLoad, useLoadErrorNotice } from '../../app/use-load';
import { useLive } from '../../live';
import { complianceApi, type ComplianceDetail } from './api';
import { AuditReportModal } from './AuditReportModal';
import { SummaryView } from './SummaryView';
import { SECTIONS } from './sections';
import { AuditFindings } from '../corrective-actions/AuditFindings';

/** /views/compliance/detail?id=: the submission's four documents, their summaries, and its report. */
export function ComplianceDetailPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [open, setOpen] = useState(false);
  const loaded = useLoad<ComplianceDetail | null>(() => (id ? complianceApi.detail(id).then((r) => r.compliance) : Promise.resolve(null)), [id]);
  useLoadErrorNotice(loaded.error);
  const c = loaded.data ?? null;
  const missing = !id || (!c && !!loaded.error);
  useLive(
    ['compliance_check_update'],
    (m) => m.data?.compliance_id === id && void loaded.reload(),
    () => void loaded.reload(),
  );
  return (
    <Page
      title={t('compliance.detailTitle')}
      testId="compliance-detail"
      actions={
        <>
          <Link component={RouterLink} to="/views/compliance/list" sx={{ alignSelf: 'center' }}>
            {t('common.back')}
          </Link>
          {c?.report && (
            <Button variant="contained" onClick={() => setOpen(true)}>
              {t('compliance.viewReport')}
            </Button>
          )}
        </>
      }
    >
      {!c ? (
        <Typography data-testid="compliance-detail-empty">{missing ? t('compliance.notFound') : t('common.loading')}</Typography>
      ) : (
        <Box>
          <Typography sx={{ mb: 2 }}>
            {t('compliance.col.status')}: {t(`compliance.status.${c.status}`)}
          </Typography>
          {/* The stored reason is technical; the reader gets the service message and can submit anew. */}
          {c.status === 'failed' && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {t('compliance.auditFailed', { reason: t('AI_SERVICE_FAILED') })}
            </Alert>
          )}
          {c.status === 'audited' && <AuditFindings complianceId={c._id} />}
          {SECTIONS.map((s) => {
            const d = c[s.kind.payloadField];
            return (
              <Paper key={s.key} variant="outlined" sx={{ p: 2, mb: 2 }}>
                <Typography variant="h6">
                  {t(`compliance.section.${s.key}`)}
                  {d ? ` — ${d.file_name}` : ''}
                </Typography>
                {d ? <SummaryView summary={d.document_summary} pest={s.key === 'pest'} /> : <Typography>{t('compliance.na')}</Typography>}
              </Paper>
            );
          })}
          <AuditReportModal open={open} onClose={() => setOpen(false)} report={c.report} establishmentSummary={c.establishmentData?.document_summary} />
        </Box>
      )}
    </Page>
  );
}
