/**
 * Typed keys of the certificate search attributes (names and types from domain/src/search-attributes.ts,
 * registered by the dev server). Plain key objects, so the workflow bundle needs no runtime import
 * of @temporalio/common; the API may pass them in `typedSearchAttributes` when it starts a workflow.
 */
import type { SearchAttributeUpdatePair } from '@temporalio/common';
import type { SearchAttributeKey } from '@temporalio/common/lib/search-attributes';
import { currentLevel, type CertificateState } from '@grain/domain/workflow-safe';

const key = <T extends 'KEYWORD' | 'TEXT' | 'INT' | 'BOOL' | 'DATETIME'>(name: string, type: T): SearchAttributeKey<T> => ({ name, type });

export const CERTIFICATE_SEARCH_KEYS = {
  CertificateNumber: key('CertificateNumber', 'KEYWORD'),
  CertificateStatus: key('CertificateStatus', 'KEYWORD'),
  CurrentLevel: key('CurrentLevel', 'INT'),
  Overdue: key('Overdue', 'BOOL'),
  DueTime: key('DueTime', 'DATETIME'),
  CompanyId: key('CompanyId', 'KEYWORD'),
  Submitter: key('Submitter', 'KEYWORD'),
  CertificateName: key('CertificateName', 'TEXT'),
  SubmitterName: key('SubmitterName', 'KEYWORD'),
  CompanyName: key('CompanyName', 'KEYWORD'),
} as const;

/**
 * The search attribute values that describe a certificate state. DueTime is the current level's due time.
 * CompanyName is not here: the state knows only the company's id, so the API sets it at start.
 */
export function certificateSearchAttributes(s: CertificateState): SearchAttributeUpdatePair[] {
  const K = CERTIFICATE_SEARCH_KEYS;
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
