import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { auditorLabel } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { errorText } from '../../app';
import { complianceApi, type ComplianceDocument } from './api';
import { AuditReportModal } from './AuditReportModal';
import { DocumentSection, type SectionState } from './DocumentSection';
import { SECTIONS } from './sections';
import { EMPTY, useAuditState, useComplianceInfo, useSectionProgress, useSubmitAudit, useUnsaved, type Key } from './use-compliance-create';

/** The page's title bar: back to the list, and Submit once the submission has its id. */
function SubmissionBar({ canSubmit, onSubmit }: { canSubmit: boolean; onSubmit: () => void }) {
  const { t } = useI18n();
  return (
    <Stack
      direction="row"
      alignItems="center"
      justifyContent="space-between"
      sx={{ bgcolor: 'grey.900', color: 'common.white', px: 2, py: 1.5, borderRadius: 1, mb: 2 }}
    >
      <Typography variant="h5" component="h1">
        {t('compliance.submissionTitle')}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center">
        <Link component={RouterLink} to="/views/compliance/list" sx={{ color: 'common.white' }}>
          {t('common.back')}
        </Link>
        <Button variant="contained" color="success" onClick={onSubmit} disabled={!canSubmit} data-testid="compliance-submit">
          {t('common.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** /views/compliance/create: four documents in, progress live, Submit runs the audit and opens the report. */
export function ComplianceCreatePage() {
  const { t, lang } = useI18n();
  const { id, auditor, existing, setExisting } = useComplianceInfo();
  const audit = useAuditState();
  const { sections, setSections } = useSectionProgress(id, audit);
  const { unsaved, dirtySetters } = useUnsaved();
  const submit = useSubmitAudit(id, sections, unsaved, audit);
  const setSection = (key: Key, s: SectionState) => setSections((all) => ({ ...all, [key]: s }));

  const upload = async (key: Key, segment: string, file: File) => {
    setSection(key, { data: null, phase: 'uploading' });
    try {
      const r = await complianceApi.upload(segment, id, file);
      setSections((all) => (all[key].phase === 'uploading' ? { ...all, [key]: { data: r.document, phase: 'processing' } } : all));
    } catch (e) {
      setSection(key, { data: null, phase: 'error', error: errorText(e, t) });
    }
  };

  /** The user's corrections: saved through the server, the section then shows the stored summary. */
  const saveSummary = async (key: Key, doc: ComplianceDocument, summary: unknown) => {
    const r = await complianceApi.saveSummary(id, doc._id, summary);
    setSections((all) => (all[key].data?._id === doc._id ? { ...all, [key]: { ...all[key], data: r.document } } : all));
    setExisting((list) => list.map((d) => (d._id === doc._id ? r.document : d)));
    return r.document;
  };

  return (
    <Box data-testid="compliance-create">
      <SubmissionBar canSubmit={!!id} onSubmit={() => void submit()} />
      {auditor && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="auditor-kind">
          {t('compliance.auditorIs', { auditor: auditorLabel(auditor, lang) })}
        </Typography>
      )}
      {SECTIONS.map((s) => (
        <DocumentSection
          processingText={auditor?.kind === 'rules' ? t('compliance.processingRules') : t('compliance.processing')}
          key={s.key}
          sectionKey={s.key}
          title={t(`compliance.section.${s.key}`)}
          state={sections[s.key]}
          existing={existing.filter((d) => d.document_type === s.kind.documentType)}
          onSelect={(d) => setSection(s.key, d ? { data: d, phase: 'idle' } : EMPTY)}
          onUpload={(f) => upload(s.key, s.kind.segment, f)}
          onSaveSummary={(doc, summary) => saveSummary(s.key, doc, summary)}
          onDirty={dirtySetters[s.key]}
        />
      ))}
      <AuditReportModal
        open={audit.modal}
        onClose={() => audit.setModal(false)}
        report={audit.report}
        error={audit.auditError}
        establishmentSummary={sections.establishment.data?.document_summary}
      />
    </Box>
  );
}
