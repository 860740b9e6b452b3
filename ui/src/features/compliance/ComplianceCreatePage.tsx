import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { auditorLabel, message, type ReportAuditor } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { useNotify, errorText } from '../../app';
import { useLive, type LiveMessage } from '../../live';
import { complianceApi, type ComplianceDocument, type ComplianceReportRecord } from './api';
import { AuditReportModal } from './AuditReportModal';
import { DocumentSection, type SectionState } from './DocumentSection';
import { SECTIONS, UPLOAD_LIVE_TYPES } from './sections';

type Key = (typeof SECTIONS)[number]['key'];
const EMPTY: SectionState = { data: null, phase: 'idle' };
const POLL_MS = 3000;
const FAILURE_CODES = ['COMPLIANCE_NO_TEXT', 'COMPLIANCE_FILE_UNREADABLE', 'COMPLIANCE_FILE_TYPE', 'AI_SERVICE_FAILED', 'UNAVAILABLE'] as const;

/** A stored failure text (the server keeps it in English) in the reader's language when it is a known one. */
function failureText(stored: string | null, t: (k: string) => string): string {
  const code = FAILURE_CODES.find((c) => message(c, 'en') === stored);
  return code ? t(code) : (stored ?? '');
}

/** /views/compliance/create: four documents in, progress live, Submit runs the audit and opens the report. */
export function ComplianceCreatePage() {
  const { t, lang } = useI18n();
  const notify = useNotify();
  const [id, setId] = useState<string>('');
  const [auditor, setAuditor] = useState<ReportAuditor>();
  const [existing, setExisting] = useState<ComplianceDocument[]>([]);
  const [sections, setSections] = useState<Record<Key, SectionState>>({ establishment: EMPTY, haccp: EMPTY, pest: EMPTY, management: EMPTY });
  const [modal, setModal] = useState(false);
  const [report, setReport] = useState<ComplianceReportRecord | null>(null);
  const [auditError, setAuditError] = useState<string>();
  const [auditRequested, setAuditRequested] = useState(false);
  const [unsaved, setUnsaved] = useState<Partial<Record<Key, boolean>>>({});
  const dirtySetters = useMemo(
    () =>
      Object.fromEntries(SECTIONS.map((s) => [s.key, (d: boolean) => setUnsaved((u) => (u[s.key] === d ? u : { ...u, [s.key]: d }))])) as Record<
        Key,
        (d: boolean) => void
      >,
    [],
  );

  useEffect(() => {
    complianceApi.createInfo().then(
      (r) => {
        setId(r.applicant_id);
        setExisting(r.required_documents);
        setAuditor(r.auditor);
      },
      (e) => notify.error(e),
    );
  }, [notify]);

  const setSection = (key: Key, s: SectionState) => setSections((all) => ({ ...all, [key]: s }));

  /** A finished document as its section shows it; the code (live) or stored text explains a failure. */
  const settled = useCallback(
    (doc: ComplianceDocument, code?: string): SectionState =>
      doc.status === 'processed' ? { data: doc, phase: 'done' } : { data: null, phase: 'error', error: code ? t(code) : failureText(doc.error, t) },
    [t],
  );

  const onLive = useCallback(
    (m: LiveMessage) => {
      if (m.data?.compliance_id !== id) return;
      if (m.type === 'compliance_check_update') {
        if (m.data.status === 'audited') setReport(m.data.report);
        else setAuditError(m.data.code ? t(m.data.code) : m.data.detail);
        return;
      }
      const section = SECTIONS.find((s) => s.kind.liveType === m.type);
      const doc = m.data.document as ComplianceDocument | undefined;
      if (!section || !doc) return;
      setSections((all) => {
        if (all[section.key].data && all[section.key].data!._id !== doc._id) return all; // an older upload
        return { ...all, [section.key]: settled(doc, m.data.code) };
      });
    },
    [id, t, settled],
  );
  useLive([...UPLOAD_LIVE_TYPES, 'compliance_check_update'], onLive);

  // Live messages are the fast path; while something is pending the page also asks now and then, so a
  // message published before the socket was (re)connected cannot leave a section waiting forever.
  const pending = SECTIONS.some((s) => sections[s.key].phase === 'processing') || (auditRequested && !report && !auditError);
  useEffect(() => {
    if (!pending || !id) return;
    const timer = setInterval(() => {
      complianceApi.detail(id).then(
        ({ compliance: c }) => {
          for (const d of c.uploads.filter((u) => u.status !== 'processing')) {
            const section = SECTIONS.find((s) => s.kind.documentType === d.document_type);
            if (!section) continue;
            setSections((all) =>
              all[section.key].phase === 'processing' && all[section.key].data?._id === d._id ? { ...all, [section.key]: settled(d) } : all,
            );
          }
          if (c.status === 'audited' && c.report) setReport((r) => r ?? c.report);
          if (c.status === 'failed') setAuditError((e) => e ?? t('AI_SERVICE_FAILED'));
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, id, settled, t]);

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

  const submit = async () => {
    const missing = SECTIONS.filter((s) => sections[s.key].data?.status !== 'processed');
    if (missing.length) {
      notify.warning(t('compliance.missing', { list: missing.map((s) => t(`compliance.section.${s.key}`)).join(', ') }));
      return;
    }
    // The audit reads what is saved: corrections still in the form would silently not count.
    const pendingEdits = SECTIONS.filter((s) => unsaved[s.key]);
    if (pendingEdits.length) {
      notify.warning(t('compliance.review.unsaved', { list: pendingEdits.map((s) => t(`compliance.section.${s.key}`)).join(', ') }));
      return;
    }
    setReport(null);
    setAuditError(undefined);
    setAuditRequested(false);
    setModal(true);
    try {
      await complianceApi.getAudit(id, {
        application_id: id,
        ...Object.fromEntries(SECTIONS.map((s) => [s.kind.payloadField, sections[s.key].data])),
      });
      setAuditRequested(true);
    } catch (e) {
      setAuditError(errorText(e, t));
    }
  };

  return (
    <Box data-testid="compliance-create">
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
          <Button variant="contained" color="success" onClick={submit} disabled={!id} data-testid="compliance-submit">
            {t('common.submit')}
          </Button>
        </Stack>
      </Stack>
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
        open={modal}
        onClose={() => setModal(false)}
        report={report}
        error={auditError}
        establishmentSummary={sections.establishment.data?.document_summary}
      />
    </Box>
  );
}
