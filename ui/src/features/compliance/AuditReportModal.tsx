import { useState } from 'react';
import { Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { auditItemsOf, auditorLabel, auditorOf, checkTitle, correctionsOf, farmerInfoOf, itemText, type StoredComplianceReport } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { useNotify } from '../../app';
import { complianceApi, type ComplianceReportRecord } from './api';
import { useDots } from './useDots';

type StoredMeta = Partial<Pick<StoredComplianceReport, 'report_id' | 'report_date' | 'inspector' | 'auditor' | 'corrected_fields'>>;

/**
 * 'Compliance Audit Report' (docs/spec/farm-data-and-documents.md §2): in-progress dots until the report exists; then report id
 * and date, the farmer's information from the establishment document, totals, and a numbered card per
 * check (Non-Compliant in red). Download Report saves Compliance_Report.pdf.
 */
export function AuditReportModal({
  open,
  onClose,
  report,
  establishmentSummary,
  error,
}: {
  open: boolean;
  onClose(): void;
  report: ComplianceReportRecord | null;
  establishmentSummary: unknown;
  error?: string;
}) {
  const { t, lang, date } = useI18n();
  const notify = useNotify();
  const dots = useDots(open && !report && !error);
  const [busy, setBusy] = useState(false);
  const items = report ? auditItemsOf(report.json_data) : [];
  const meta = (report && typeof report.json_data === 'object' ? report.json_data : {}) as StoredMeta;
  const farmer = farmerInfoOf(establishmentSummary);
  const compliant = items.filter((i) => i.result === 'Compliant').length;
  const na = (s?: string) => (s && s.trim() ? s : t('compliance.notStated'));
  const auditor = auditorLabel(auditorOf({ auditor: meta.auditor, inspector: meta.inspector ?? '' }), lang, meta.inspector ?? t('compliance.na'));
  const corrections = correctionsOf(meta, lang);
  // The stored result is the auditor's English word; show it in the reader's language.
  const resultText = (r: string) => (r === 'Compliant' ? t('compliance.compliant') : r === 'Non-Compliant' ? t('compliance.nonCompliant') : na(r));
  const downloadPdf = async () => {
    if (!report?._id) return;
    setBusy(true);
    try {
      await complianceApi.downloadReport(report._id);
    } catch {
      notify.error('PDF_DOWNLOAD_FAILED');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth data-testid="audit-report">
      <DialogTitle>{t('compliance.reportTitle')}</DialogTitle>
      <DialogContent dividers>
        {!report && !error && (
          <Typography data-testid="auditing">
            {t('compliance.auditing')}
            {dots}
          </Typography>
        )}
        {error && <Typography color="error">{t('compliance.auditFailed', { reason: error })}</Typography>}
        {report && (
          <Box>
            <Typography>
              <b>{t('compliance.reportId')}:</b> {meta.report_id ?? report._id}
            </Typography>
            <Typography>
              <b>{t('compliance.reportDate')}:</b> {date(meta.report_date) || t('compliance.na')}
            </Typography>
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, my: 1.5 }} data-testid="farmer-info">
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('compliance.farmerInfo')}
              </Typography>
              <Typography>
                {t('compliance.farmer.name')}: {na(farmer.name)}
              </Typography>
              <Typography>
                {t('compliance.farmer.address')}: {na(farmer.address)}
              </Typography>
              <Typography>
                {t('compliance.farmer.contact')}: {na(farmer.contact)}
              </Typography>
              <Typography>
                {t('compliance.farmer.website')}: {na(farmer.website)}
              </Typography>
            </Box>
            <Typography data-testid="auditor">
              <b>{t('compliance.auditedBy')}:</b> {auditor}
            </Typography>
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, my: 1.5 }} data-testid="corrections">
              {corrections.length ? (
                <>
                  <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {t('compliance.correctedTitle')}
                  </Typography>
                  {corrections.map((c) => (
                    <Typography key={c.document}>
                      {c.document}: {c.fields.join(', ')}
                    </Typography>
                  ))}
                </>
              ) : (
                <Typography>{t('compliance.noCorrections')}</Typography>
              )}
            </Box>
            <Stack direction="row" spacing={3} sx={{ mb: 1.5 }} data-testid="totals">
              <Typography>
                <b>{t('compliance.totalChecks')}:</b> {items.length}
              </Typography>
              <Typography sx={{ color: 'success.main' }}>
                <b>{t('compliance.compliant')}:</b> {compliant}
              </Typography>
              <Typography sx={{ color: 'error.main' }}>
                <b>{t('compliance.nonCompliant')}:</b> {items.length - compliant}
              </Typography>
            </Stack>
            {items.map((i, n) => {
              const text = itemText(i, lang);
              return (
                <Card key={n} variant="outlined" sx={{ mb: 1 }} data-testid="audit-item">
                  <CardContent>
                    <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                      {n + 1}. {checkTitle(i.compliance_check_item, lang)}
                    </Typography>
                    <Typography>
                      <b>{t('compliance.result')}:</b>{' '}
                      <Box component="span" sx={{ color: i.result === 'Non-Compliant' ? 'error.main' : 'success.main', fontWeight: 600 }}>
                        {resultText(i.result)}
                      </Box>
                    </Typography>
                    <Typography>
                      <b>{t('compliance.requirement')}:</b> {na(text.requirement)}
                    </Typography>
                    <Typography>
                      <b>{t('compliance.evidence')}:</b> {na(text.evidence)}
                    </Typography>
                    <Typography>
                      <b>{t('compliance.recommendations')}:</b> {text.recommendations || t('compliance.noRecommendations')}
                    </Typography>
                  </CardContent>
                </Card>
              );
            })}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {report && (
          <Typography sx={{ mr: 'auto', pl: 1 }} variant="body2" data-testid="inspector">
            {t('compliance.inspector')}: {auditor}
          </Typography>
        )}
        {report && (
          <Button variant="contained" onClick={downloadPdf} disabled={busy} data-testid="download-report">
            {t('compliance.downloadReport')}
          </Button>
        )}
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
