/**
 * Turns a create / update body into the domain's CertificateDraft parts. Everything that names another
 * record is resolved inside the caller's company: signers (users), the primary document (a farm data
 * record, whose facts and verified grain photo come from the database, not the client) and the support
 * documents (each as its current file version, named by the sha256 of its bytes).
 */
import {
  actorOfUser,
  AppError,
  can,
  dueTime,
  farmDocumentName,
  isUuid,
  refId,
  type CertificateInput,
  type DocumentRef,
  type LevelDraft,
  type Person,
  type PrimaryDocument,
  type Signer,
} from '@grain/domain';
import type { Stores, UserRow } from '@grain/persistence';
import { withStandardCheck } from './standard-check';

export const signerOf = (u: UserRow): Signer => ({ id: u.id, name: `${u.firstname} ${u.lastname}`.trim(), email: u.email, role: u.role });

/**
 * Users of the company by id; an id outside the company (or unknown, or deleted) is refused. Those for
 * whom `mustSign` says so (a signer added in flight, a delegate) must hold signApproval through their
 * group (or be an admin), else SIGNER_MAY_NOT_SIGN.
 */
export async function resolveSigners(stores: Stores, companyId: string, ids: string[], mustSign: (id: string) => boolean = () => false): Promise<Signer[]> {
  const out: Signer[] = [];
  for (const id of [...new Set(ids)]) {
    const u = isUuid(id) ? await stores.users.byIdInCompany(id, companyId) : null;
    if (!u || u.status !== 'active') throw new AppError('INVALID_INPUT', { field: 'signers', id });
    if (mustSign(id) && !can(actorOfUser(u, u.isAdmin ? null : await stores.groups.byName(companyId, u.role)), 'signApproval'))
      throw new AppError('SIGNER_MAY_NOT_SIGN', { field: 'signers', id });
    out.push(signerOf(u));
  }
  return out;
}

async function resolvePrimary(stores: Stores, companyId: string, ref: { _id: string } | null | undefined): Promise<PrimaryDocument | null> {
  if (!ref) return null;
  const r = await stores.farmData.getFarmRecord(companyId, ref._id);
  if (!r) throw new AppError('INVALID_INPUT', { field: 'approvalDoc' });
  // the photo checked in this app, by its bytes; an external service's photo stays with the service
  const check = await stores.imageVerifications.get(companyId, r._id);
  const photo = check?.status === 'verified' && check.sha256 && check.mime && check.storageKey ? { sha256: check.sha256, mime: check.mime } : undefined;
  return {
    id: r._id,
    name: farmDocumentName(r.number),
    docType: 'farmData',
    description: `${r.grainType} ${r.harvestGrade} · ${r.storageLocation}`,
    uploadedBy: r.uploadUser,
    uploadedAt: r.modifiedDate,
    farm: {
      storageLocation: r.storageLocation,
      protein: r.protein,
      moisture: r.moisture,
      grainType: r.grainType,
      harvestGrade: r.harvestGrade,
      quantity: r.quantity,
    },
    ...(photo ? { photo } : {}),
  };
}

async function resolveSupportDocs(stores: Stores, companyId: string, refs: Array<{ _id: string }>): Promise<DocumentRef[]> {
  const out: DocumentRef[] = [];
  for (const ref of refs) {
    const d = await stores.documents.get(companyId, ref._id);
    if (!d) throw new AppError('INVALID_INPUT', { field: 'supportDocs', id: ref._id });
    out.push({
      id: d._id,
      name: d.docName,
      docType: d.docType,
      description: d.description ?? undefined,
      uploadedBy: d.uploadUserName ?? d.uploadUser,
      uploadedAt: d.uploadDate,
      version: d.file.version,
      sha256: d.file.sha256,
    });
  }
  return out;
}

async function resolveLevels(stores: Stores, companyId: string, levels: CertificateInput['approvalLevels']): Promise<LevelDraft[]> {
  const out: LevelDraft[] = [];
  for (const l of levels) {
    out.push({
      group: l.group,
      signers: await resolveSigners(stores, companyId, l.signers.map(refId)),
      signatures: l.signatures,
      deadline: dueTime(l.deadline ?? l.dealine ?? new Date().toISOString().slice(0, 10)),
    });
  }
  return out;
}

/** The company's active admins and holders of manageApproval: whom overdue mail escalates to. */
async function managersOf(stores: Stores, companyId: string): Promise<Person[]> {
  const users = await stores.users.listByCompany(companyId);
  const groups = new Map((await stores.groups.list(companyId)).map((g) => [g.groupName, g]));
  return users
    .filter((u) => u.status === 'active' && can(actorOfUser(u, groups.get(u.role) ?? null), 'manageApproval'))
    .map((u) => ({ id: u.id, name: `${u.firstname} ${u.lastname}`, email: u.email }));
}

/** The parts of the input that name other records, resolved within the caller's company. */
export async function resolvedParts(stores: Stores, companyId: string, input: CertificateInput) {
  const approvalDoc = withStandardCheck(await resolvePrimary(stores, companyId, input.approvalDoc), input.deviationReason);
  return {
    approvalDoc,
    supportDocs: await resolveSupportDocs(stores, companyId, input.supportDocs),
    levels: await resolveLevels(stores, companyId, input.approvalLevels),
    escalateTo: await managersOf(stores, companyId),
  };
}
