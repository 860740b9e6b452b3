/**
 * The search attributes of a certificate workflow (keys: ../search-keys.ts, from the domain's list),
 * and what operators read of a run in the Temporal UI.
 */
import type { SearchAttributeUpdatePair } from '@temporalio/common';
import { setCurrentDetails, upsertSearchAttributes } from '@temporalio/workflow';
import { currentDetails, currentLevel, type CertificateState } from '@grain/domain/workflow-safe';
import { SEARCH_KEYS } from '../search-keys';

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
 * What operators see of the run, kept current after every change: the search attributes (upserted once
 * per change, with only the values that differ from the last ones: a sign that moves the certificate to
 * its next level upserts its status and level, nothing else) and the current details (where the
 * certificate is, whom it waits for).
 */
export function operatorsView(): (s: CertificateState) => void {
  const last = new Map<string, string>();
  return (s) => {
    setCurrentDetails(currentDetails(s));
    const changed = certificateSearchAttributes(s).filter((x) => {
      const v = JSON.stringify(x.value);
      if (last.get(x.key.name) === v) return false;
      last.set(x.key.name, v);
      return true;
    });
    if (changed.length) upsertSearchAttributes(changed);
  };
}
