import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { auditItemsOf, auditorLabel, auditorOf, correctionsOf, farmerInfoOf, type StoredComplianceReport } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { useNotify } from '../../app';
import { complianceApi, type ComplianceReportRecord } from './api';
import { useDots } from './useDots';
import { AuditItemCard, Corrections, FarmerInfo, Totals } from './AuditReportParts';

type StoredMeta = Partial<Pick<StoredComplianceReport, 'report_id' | 'report_date' | 'inspector' | 'auditor' | 'corrected_fields'>>;

/** What the report says about itself (id, date, who audited, what was corrected), from its stored JSON. */
const metaOf = (report: ComplianceReportRecord): StoredMeta => (typeof report.json_data === 'object' ? report.json_data : {}) as StoredMeta;

/** Who audited: the auditor named in the reader's language, else the stored inspector, else "n/a". */
function useAuditorName(report: ComplianceReportRecord | null): string {
  const { t, lang } = useI18n();
  const meta = report ? metaOf(report) : {};
  return auditorLabel(auditorOf({ auditor: meta.auditor, inspector: meta.inspector ?? '' }), lang, meta.inspector ?? t('compliance.na'));
}

/** Download Report: saves Compliance_Report.pdf; a failure is told on the notice bar. */
function useReportDownload(reportId: string | undefined) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!reportId) return;
    setBusy(true);
    try {
      await complianceApi.downloadReport(reportId);
    } catch {
      notify.error('PDF_DOWNLOAD_FAILED');
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

/** The report once it exists: id and date, farmer, auditor, corrections, totals and one card per check. */
function ReportBody({ report, establishmentSummary, auditor }: { report: ComplianceReportRecord; establishmentSummary: unknown; auditor: string }) {
  const { t, lang, date } = useI18n();
  const items = auditItemsOf(report.json_data);
  const meta = metaOf(report);
  return (
    <Box>
      <Typography>
        <b>{t('compliance.reportId')}:</b> {meta.report_id ?? report._id}
      </Typography>
      <Typography>
        <b>{t('compliance.reportDate')}:</b> {date(meta.report_date) || t('compliance.na')}
      </Typography>
      <FarmerInfo farmer={farmerInfoOf(establishmentSummary)} />
      <Typography data-testid="auditor">
        <b>{t('compliance.auditedBy')}:</b> {auditor}
      </Typography>
      <Corrections corrections={correctionsOf(meta, lang)} />
      <Totals items={items} />
      {items.map((i, n) => (
        <AuditItemCard key={n} item={i} n={n + 1} />
      ))}
    </Box>
  );
}

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
  const { t } = useI18n();
  const dots = useDots(open && !report && !error);
  const auditor = useAuditorName(report);
  const pdf = useReportDownload(report?._id);
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
        {report && <ReportBody report={report} establishmentSummary={establishmentSummary} auditor={auditor} />}
      </DialogContent>
      <DialogActions>
        {report && (
          <Typography sx={{ mr: 'auto', pl: 1 }} variant="body2" data-testid="inspector">
            {t('compliance.inspector')}: {auditor}
          </Typography>
        )}
        {report && (
          <Button variant="contained" onClick={pdf.download} disabled={pdf.busy} data-testid="download-report">
            {t('compliance.downloadReport')}
          </Button>
        )}
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
