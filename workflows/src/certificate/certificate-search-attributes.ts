/**
 * The search attributes of a certificate workflow (keys: ../search-keys.ts, from the domain's list),
 * and what operators read of a run in the Temporal UI.
 */
import type { SearchAttributePair, SearchAttributeUpdatePair } from '@temporalio/common';
import { setCurrentDetails, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import { createCertificate, currentDetails, currentLevel, transition, type CertificateState } from '@grain/domain/workflow-safe';
import { SEARCH_KEYS } from '../search-keys';
import type { CertificateWorkflowInput } from './certificate-messages';

/**
 * The search attribute values that describe a certificate state. DueTime is the current level's due time.
 * CompanyName is not here: the state knows only the company's id, so the API sets it at start.
 */
export function certificateSearchAttributes(s: CertificateState): SearchAttributeUpdatePair[] {
  const K = SEARCH_KEYS;
  const due = currentLevel(s)?.deadline ?? s.deadline;
  const open = s.status !== 'done' && s.status !== 'cancelled';
  return [
    { key: K.CertificateNumber, value: s.approvalNumber },
    { key: K.CertificateStatus, value: s.status },
    { key: K.CurrentLevel, value: s.stage },
    { key: K.Overdue, value: s.overdue },
    { key: K.DueTime, value: open && due && !Number.isNaN(Date.parse(due)) ? new Date(due) : null },
    { key: K.CompanyId, value: s.companyId },
    { key: K.Submitter, value: s.submitter.id },
    { key: K.CertificateName, value: s.approvalName },
    { key: K.SubmitterName, value: s.submitter.name },
  ];
}

/**
 * The search attributes a certificate's workflow is started with (the API's start, and the bench's driver
 * that starts it as the API does): the submitted certificate's, as the workflow's first step makes it
 * (the submit of the machine: status, level 1, its due time), and the company's name. Operators filter
 * on all of them from the start, and the run has nothing to upsert until its first change: one history
 * event and one command's attribute checks fewer a certificate (not a visibility write: the server
 * rewrites the row after the first workflow task anyway, for its BuildIds attribute). An attribute
 * without a value (no due time) is left unset.
 */
export function certificateStartSearchAttributes(input: CertificateWorkflowInput, companyName: string): SearchAttributePair[] {
  const submitted = transition(createCertificate(input.certificate), { type: 'submit', actor: input.submittedBy, at: new Date().toISOString() }).state;
  return [...certificateSearchAttributes(submitted), { key: SEARCH_KEYS.CompanyName, value: companyName }].filter(
    (p): p is SearchAttributePair => p.value !== null,
  );
}

/**
 * What operators see of the run, kept current after every change: the search attributes (upserted once
 * per change, with only the values that differ from the run's current ones: a sign that moves the
 * certificate to its next level upserts its status and level, nothing else; the first current ones are
 * those the run started with, certificateStartSearchAttributes) and the current details (where the
 * certificate is, whom it waits for). The current values are read from the workflow's info, which the SDK
 * keeps (those of the start, then each upsert applied): the run keeps no copy of its own.
 */
export function operatorsView(): (s: CertificateState) => void {
  return (s) => {
    setCurrentDetails(currentDetails(s));
    const current = workflowInfo().typedSearchAttributes;
    // an attribute not set reads as null, as the state's null (no due time) compares
    const changed = certificateSearchAttributes(s).filter((x) => JSON.stringify(current.get(x.key) ?? null) !== JSON.stringify(x.value));
    if (changed.length) upsertSearchAttributes(changed);
  };
}
