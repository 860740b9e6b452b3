/**
 * The certificate rendered in its wire shape (the domain's views.ts: CertificateView; the list's cards are
 * stored in theirs, see the domain's list-card.ts).
 * The rules it shows - display status, what the viewer may do - are the domain's.
 */
import {
  currentLevel,
  displayStatus,
  permissionsOf,
  rejectionNotice,
  signedPrincipals,
  signingProgress,
  waitingFor,
  toggleCounts,
  type Actor,
  type CertificateListAnswer,
  type CertificateState,
  type CertificateView,
  type DigitalSignatureView,
  type PasskeySignatureView,
  type LevelOpened,
  type SignedEntry,
  type SubmitterView,
} from '@grain/domain';
import type { CertificatePageText } from '@grain/persistence';

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

/**
 * GET company/approvals' answer (CertificateListAnswer) as text: the page's stored cards are written into
 * it as they are (no parse, no stringify of 20 cards per request), around the counts and the cursor.
 */
export function listAnswerText(page: Required<CertificatePageText>): string {
  const rest: Omit<CertificateListAnswer, 'approval_list'> = { counts: toggleCounts(page.counts), nextCursor: page.next };
  return `{"approval_list":[${page.cards}],${JSON.stringify(rest).slice(1)}`;
}
