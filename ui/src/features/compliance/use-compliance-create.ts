import { useCallback, useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { message } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { useNotify, errorText } from '../../app';
import { useLoad, useLoadErrorNotice } from '../../app/use-load';
import { useLive, type LiveMessage } from '../../live';
import { complianceApi, type ComplianceDocument, type ComplianceReportRecord } from './api';
import type { SectionState } from './DocumentSection';
import { SECTIONS, UPLOAD_LIVE_TYPES } from './sections';

export type Key = (typeof SECTIONS)[number]['key'];
export type Sections = Record<Key, SectionState>;
export const EMPTY: SectionState = { data: null, phase: 'idle' };
const POLL_MS = 3000;
const FAILURE_CODES = ['COMPLIANCE_NO_TEXT', 'COMPLIANCE_FILE_UNREADABLE', 'COMPLIANCE_FILE_TYPE', 'AI_SERVICE_FAILED', 'UNAVAILABLE'] as const;

/** A stored failure text (the server keeps it in English) in the reader's language when it is a known one. */
function failureText(stored: string | null, t: (k: string) => string): string {
  const code = FAILURE_CODES.find((c) => message(c, 'en') === stored);
  return code ? t(code) : (stored ?? '');
}

/** A finished document as its section shows it; the code (live) or stored text explains a failure. */
function useSettled() {
  const { t } = useI18n();
  return useCallback(
    (doc: ComplianceDocument, code?: string): SectionState =>
      doc.status === 'processed' ? { data: doc, phase: 'done' } : { data: null, phase: 'error', error: code ? t(code) : failureText(doc.error, t) },
    [t],
  );
}

/** The new submission's id, the documents already uploaded and who audits them, through the one loading hook. */
export function useComplianceInfo() {
  const loaded = useLoad(() => complianceApi.createInfo());
  useLoadErrorNotice(loaded.error);
  const setExisting = (f: (list: ComplianceDocument[]) => ComplianceDocument[]) =>
    loaded.setData((d) => d && { ...d, required_documents: f(d.required_documents) });
  return {
    id: loaded.data?.applicant_id ?? '',
    auditor: loaded.data?.auditor,
    existing: loaded.data?.required_documents ?? [],
    setExisting,
  };
}

/** The audit's state: the report dialog, the report or the failure, and whether the audit was asked for. */
export function useAuditState() {
  const [modal, setModal] = useState(false);
  const [report, setReport] = useState<ComplianceReportRecord | null>(null);
  const [auditError, setAuditError] = useState<string>();
  const [auditRequested, setAuditRequested] = useState(false);
  return { modal, setModal, report, setReport, auditError, setAuditError, auditRequested, setAuditRequested };
}
export type AuditState = ReturnType<typeof useAuditState>;

/**
 * A section's upload and its progress: live messages are the fast path; while something is pending the page
 * also asks now and then, so a message published before the socket was (re)connected cannot leave a
 * section waiting forever.
 */
export function useSectionProgress(id: string, audit: AuditState) {
  const { t } = useI18n();
  const settled = useSettled();
  const [sections, setSections] = useState<Sections>({ establishment: EMPTY, haccp: EMPTY, pest: EMPTY, management: EMPTY });
  const { setReport, setAuditError } = audit;
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
    [id, t, settled, setReport, setAuditError],
  );
  useLive([...UPLOAD_LIVE_TYPES, 'compliance_check_update'], onLive);
  const pending = SECTIONS.some((s) => sections[s.key].phase === 'processing') || (audit.auditRequested && !audit.report && !audit.auditError);
  usePoll(pending ? id : '', setSections, audit);
  return { sections, setSections };
}

/** Asks for the submission every few seconds while something is pending (no id: nothing pending). */
function usePoll(id: string, setSections: Dispatch<SetStateAction<Sections>>, { setReport, setAuditError }: AuditState) {
  const { t } = useI18n();
  const settled = useSettled();
  useEffect(() => {
    if (!id) return;
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
  }, [id, settled, t, setSections, setReport, setAuditError]);
}

/** Which sections' summaries have corrections not yet saved (the audit reads only what is saved). */
export function useUnsaved() {
  const [unsaved, setUnsaved] = useState<Partial<Record<Key, boolean>>>({});
  const dirtySetters = useMemo(
    () =>
      Object.fromEntries(SECTIONS.map((s) => [s.key, (d: boolean) => setUnsaved((u) => (u[s.key] === d ? u : { ...u, [s.key]: d }))])) as Record<
        Key,
        (d: boolean) => void
      >,
    [],
  );
  return { unsaved, dirtySetters };
}

/** Submit: every document processed and every correction saved, then the audit runs and its dialog opens. */
export function useSubmitAudit(id: string, sections: Sections, unsaved: Partial<Record<Key, boolean>>, audit: AuditState) {
  const { t } = useI18n();
  const notify = useNotify();
  return async () => {
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
    audit.setReport(null);
    audit.setAuditError(undefined);
    audit.setAuditRequested(false);
    audit.setModal(true);
    try {
      await complianceApi.getAudit(id, {
        application_id: id,
        ...Object.fromEntries(SECTIONS.map((s) => [s.kind.payloadField, sections[s.key].data])),
      });
      audit.setAuditRequested(true);
    } catch (e) {
      audit.setAuditError(errorText(e, t));
    }
  };
}
