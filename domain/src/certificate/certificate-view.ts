/**
 * The certificate rendered in its wire shape (views.ts: CertificateView; the list's cards are stored in
 * theirs, list-card.ts): the one mapper from the state to the answer of every call that reads or changes
 * one certificate. The rules it shows - display status, what the viewer may do - are the domain's.
 */
import type { Actor } from '../permissions';
import { displayStatus } from './display-status';
import { currentLevel, signedPrincipals } from './machine';
import { signingProgress, waitingFor, type LevelOpened } from './progress';
import { rejectionNotice } from './rejection-notice';
import type { CertificateLevel, CertificateState, DocumentRef, SignedEntry, VoidedSignature } from './types';
import { permissionsOf } from './viewer-permissions';
import type {
  AuditEntryView,
  CertificateView,
  DigitalSignatureView,
  DocumentView,
  LevelView,
  PasskeySignatureView,
  SignedEntryView,
  SubmitterView,
  VoidedSignatureView,
} from './views';

/** Where the certificate's own copy of a support document opens (under /api): the version it holds. */
const heldDocumentPath = (certificateId: string, documentId: string) => `company/approval/${certificateId}/document/${documentId}`;
/** Where the grain photo the certificate holds opens (under /api). */
const heldPhotoPath = (certificateId: string) => `company/approval/${certificateId}/photo`;

const submitterView = (p: { id: string; name: string }): SubmitterView => {
  const [firstname, ...rest] = p.name.split(' ');
  return { _id: p.id, firstname: firstname ?? '', lastname: rest.join(' '), fullName: p.name };
};

/** What a caller adds to the state for its view: who looks, the names it knows, what it has read elsewhere. */
export interface CertificateViewExtras {
  viewer?: Actor;
  hasSignature?: boolean;
  names?: Map<string, string>;
  opened?: LevelOpened[];
  /** The statement of an entry's personal digital signature (with its certificates), when it has one. */
  digital?: (e: SignedEntry) => DigitalSignatureView | undefined;
  hasPasskey?: boolean;
  /** The media type of a held support document version (`<id>@<version>`), for its preview. */
  heldTypes?: Map<string, string>;
  /** The statement of an entry's passkey signature (with the passkey's public key), when it has one. */
  passkey?: (e: SignedEntry) => PasskeySignatureView | undefined;
}

/** An entry's signature statements, those it has: its personal digital signature, its passkey signature. */
type SignatureStatements = (e: SignedEntry) => Pick<SignedEntryView, 'digitalSignature' | 'passkeySignature'>;

function signatureStatements(extra: CertificateViewExtras): SignatureStatements {
  return (e) => {
    const d = extra.digital?.(e);
    const p = extra.passkey?.(e);
    return { ...(d ? { digitalSignature: d } : {}), ...(p ? { passkeySignature: p } : {}) };
  };
}

/** The primary document, its grain photo opening from the certificate's own copy. */
function approvalDocView(s: CertificateState): DocumentView | null {
  const doc = s.approvalDoc;
  if (!doc) return null;
  return {
    _id: doc.id,
    docName: doc.name,
    docType: doc.docType,
    description: doc.description,
    farm: doc.farm,
    standardCheck: doc.standardCheck,
    ...(doc.photo ? { photo: { ...doc.photo, url: heldPhotoPath(s.id) } } : {}),
  };
}

/** A support document as the certificate holds it: the version, its hash and (when known) its media type. */
function supportDocView(certificateId: string, d: DocumentRef, heldTypes: Map<string, string> | undefined): DocumentView {
  const heldKey = `${d.id}@${d.version}`;
  return {
    _id: d.id,
    docName: d.name,
    docType: d.docType,
    description: d.description,
    uploadUser: d.uploadedBy,
    uploadDate: d.uploadedAt,
    url: heldDocumentPath(certificateId, d.id),
    version: d.version,
    sha256: d.sha256,
    ...(d.version !== undefined && heldTypes?.has(heldKey) ? { mime: heldTypes.get(heldKey) } : {}),
  };
}

function signedEntryView(e: SignedEntry, statements: SignatureStatements): SignedEntryView {
  return { userId: e.userId, name: e.name, at: e.at, note: e.note, onBehalfOf: e.onBehalfOf, txId: e.txId, contentHash: e.contentHash, ...statements(e) };
}

/** A signature a content change voided, with when and for which content. */
function voidedEntryView(e: VoidedSignature, statements: SignatureStatements): VoidedSignatureView {
  return {
    userId: e.userId,
    name: e.name,
    at: e.at,
    onBehalfOf: e.onBehalfOf,
    txId: e.txId,
    contentHash: e.contentHash,
    ...statements(e),
    voidedAt: e.voidedAt,
    voidedFor: e.voidedFor,
  };
}

/** A level: its signers, who signed (a delegate's signature counts for its delegator) and what was voided. */
function levelView(l: CertificateLevel, statements: SignatureStatements): LevelView {
  return {
    _id: l.id,
    level: l.level,
    group: l.group,
    signers: l.signers.map((x) => ({ _id: x.id, fullName: x.name, email: x.email, role: x.role, delegatedBy: x.delegatedBy })),
    signed: [...signedPrincipals(l)],
    signedEntries: l.signed.map((e) => signedEntryView(e, statements)),
    ...(l.voided?.length ? { voided: l.voided.map((e) => voidedEntryView(e, statements)) } : {}),
    signatures: l.signatures,
    deadline: l.deadline,
    status: l.status,
    comments: l.comments,
    overdue: l.overdue,
  };
}

/** The audit trail, each entry with its actor's name where the caller knows it. */
function auditView(s: CertificateState, names: Map<string, string> | undefined): AuditEntryView[] {
  return s.audit.map((a) => ({ ...a, actorName: names?.get(a.actorId) ?? (a.actorId === 'system' ? 'system' : undefined) }));
}

export function toCertificateView(s: CertificateState, extra: CertificateViewExtras = {}): CertificateView {
  const statements = signatureStatements(extra);
  return {
    _id: s.id,
    approvalNumber: s.approvalNumber,
    approvalName: s.approvalName,
    priority: s.priority,
    stage: currentLevel(s)?.id ?? null,
    stageLevel: s.stage,
    status: s.status,
    displayStatus: displayStatus(s.status, s.overdue),
    overdue: s.overdue,
    company: s.companyId,
    summary: s.summary,
    deadline: s.deadline,
    startDate: s.startDate,
    completedDate: s.completedDate,
    submitter: submitterView(s.submitter),
    approvalDoc: approvalDocView(s),
    supportDocs: s.supportDocs.map((d) => supportDocView(s.id, d, extra.heldTypes)),
    approvalLevels: s.levels.map((l) => levelView(l, statements)),
    contentHash: s.contentHash,
    chainId: s.chainId,
    version: s.version,
    audit: auditView(s, extra.names),
    rejection: rejectionNotice(s, (id) => extra.names?.get(id)),
    ...(extra.opened ? { progress: signingProgress(s, extra.opened) } : {}),
    waitingFor: waitingFor(s),
    ...(extra.viewer ? { can: permissionsOf(s, extra.viewer, !!extra.hasSignature, !!extra.hasPasskey) } : {}),
  };
}
