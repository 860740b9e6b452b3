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
import type { CertificateState, SignedEntry } from './types';
import { permissionsOf } from './viewer-permissions';
import type { CertificateView, DigitalSignatureView, PasskeySignatureView, SubmitterView } from './views';

/** Where the certificate's own copy of a support document opens (under /api): the version it holds. */
const heldDocumentPath = (certificateId: string, documentId: string) => `company/approval/${certificateId}/document/${documentId}`;
/** Where the grain photo the certificate holds opens (under /api). */
const heldPhotoPath = (certificateId: string) => `company/approval/${certificateId}/photo`;

const submitterView = (p: { id: string; name: string }): SubmitterView => {
  const [firstname, ...rest] = p.name.split(' ');
  return { _id: p.id, firstname: firstname ?? '', lastname: rest.join(' '), fullName: p.name };
};

export function toCertificateView(
  s: CertificateState,
  extra: {
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
  } = {},
): CertificateView {
  const digital = (e: SignedEntry) => {
    const d = extra.digital?.(e);
    const p = extra.passkey?.(e);
    return { ...(d ? { digitalSignature: d } : {}), ...(p ? { passkeySignature: p } : {}) };
  };
  const cur = currentLevel(s);
  return {
    _id: s.id,
    approvalNumber: s.approvalNumber,
    approvalName: s.approvalName,
    priority: s.priority,
    stage: cur?.id ?? null,
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
    approvalDoc: s.approvalDoc
      ? {
          _id: s.approvalDoc.id,
          docName: s.approvalDoc.name,
          docType: s.approvalDoc.docType,
          description: s.approvalDoc.description,
          farm: s.approvalDoc.farm,
          standardCheck: s.approvalDoc.standardCheck,
          ...(s.approvalDoc.photo ? { photo: { ...s.approvalDoc.photo, url: heldPhotoPath(s.id) } } : {}),
        }
      : null,
    supportDocs: s.supportDocs.map((d) => ({
      _id: d.id,
      docName: d.name,
      docType: d.docType,
      description: d.description,
      uploadUser: d.uploadedBy,
      uploadDate: d.uploadedAt,
      url: heldDocumentPath(s.id, d.id),
      version: d.version,
      sha256: d.sha256,
      ...(d.version !== undefined && extra.heldTypes?.has(`${d.id}@${d.version}`) ? { mime: extra.heldTypes.get(`${d.id}@${d.version}`) } : {}),
    })),
    approvalLevels: s.levels.map((l) => ({
      _id: l.id,
      level: l.level,
      group: l.group,
      signers: l.signers.map((x) => ({ _id: x.id, fullName: x.name, email: x.email, role: x.role, delegatedBy: x.delegatedBy })),
      signed: [...signedPrincipals(l)],
      signedEntries: l.signed.map((e) => ({
        userId: e.userId,
        name: e.name,
        at: e.at,
        note: e.note,
        onBehalfOf: e.onBehalfOf,
        txId: e.txId,
        contentHash: e.contentHash,
        ...digital(e),
      })),
      ...(l.voided?.length
        ? {
            voided: l.voided.map((e) => ({
              userId: e.userId,
              name: e.name,
              at: e.at,
              onBehalfOf: e.onBehalfOf,
              txId: e.txId,
              contentHash: e.contentHash,
              ...digital(e),
              voidedAt: e.voidedAt,
              voidedFor: e.voidedFor,
            })),
          }
        : {}),
      signatures: l.signatures,
      deadline: l.deadline,
      status: l.status,
      comments: l.comments,
      overdue: l.overdue,
    })),
    contentHash: s.contentHash,
    chainId: s.chainId,
    version: s.version,
    audit: s.audit.map((a) => ({ ...a, actorName: extra.names?.get(a.actorId) ?? (a.actorId === 'system' ? 'system' : undefined) })),
    rejection: rejectionNotice(s, (id) => extra.names?.get(id)),
    ...(extra.opened ? { progress: signingProgress(s, extra.opened) } : {}),
    waitingFor: waitingFor(s),
    ...(extra.viewer ? { can: permissionsOf(s, extra.viewer, !!extra.hasSignature, !!extra.hasPasskey) } : {}),
  };
}
