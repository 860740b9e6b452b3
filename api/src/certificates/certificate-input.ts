/**
 * Turns a create / update body into the domain's CertificateDraft. Everything that names another
 * record is resolved inside the caller's company: signers (users), the primary document (a farm data
 * record, whose facts come from the database, not the client) and the support documents.
 */
import { AppError, type DocumentRef, type LevelDraft, type PrimaryDocument, type Signer } from '@grain/domain';
import { DocumentStore, FarmDataStore, UserStore, type UserRow } from '@grain/persistence';
import type { Knex } from 'knex';
import { dueTime, refId, type ApprovalInput } from './certificate-schemas';

export const signerOf = (u: UserRow): Signer => ({ id: u.id, name: `${u.firstname} ${u.lastname}`.trim(), email: u.email, role: u.role });

/** Users of the company by id; an id outside the company (or unknown, or deleted) is refused. */
export async function resolveSigners(k: Knex, companyId: string, ids: string[]): Promise<Signer[]> {
  const users = new UserStore(k);
  const out: Signer[] = [];
  for (const id of [...new Set(ids)]) {
    const u = /^[0-9a-f-]{36}$/i.test(id) ? await users.byIdInCompany(id, companyId) : null;
    if (!u || u.status !== 'active') throw new AppError('INVALID_INPUT', { field: 'signers', id });
    out.push(signerOf(u));
  }
  return out;
}

export async function resolvePrimary(k: Knex, companyId: string, ref: { _id: string } | null | undefined): Promise<PrimaryDocument | null> {
  if (!ref) return null;
  const r = await new FarmDataStore(k).getFarmRecord(companyId, ref._id);
  if (!r) throw new AppError('INVALID_INPUT', { field: 'approvalDoc' });
  return {
    id: r._id, name: `Farm data ${r.number}`, docType: 'farmData', description: `${r.grainType} ${r.harvestGrade} · ${r.storageLocation}`,
    uploadedBy: r.uploadUser, uploadedAt: r.modifiedDate,
    farm: { storageLocation: r.storageLocation, protein: r.protein, moisture: r.moisture, grainType: r.grainType, harvestGrade: r.harvestGrade, quantity: r.quantity },
  };
}

export async function resolveSupportDocs(k: Knex, companyId: string, refs: Array<{ _id: string }>): Promise<DocumentRef[]> {
  const store = new DocumentStore(k);
  const out: DocumentRef[] = [];
  for (const ref of refs) {
    const d = await store.get(companyId, ref._id);
    if (!d) throw new AppError('INVALID_INPUT', { field: 'supportDocs', id: ref._id });
    out.push({ id: d._id, name: d.docName, docType: d.docType, description: d.description ?? undefined, uploadedBy: d.uploadUserName ?? d.uploadUser, uploadedAt: d.uploadDate, url: d.uploadUrl });
  }
  return out;
}

export async function resolveLevels(k: Knex, companyId: string, levels: ApprovalInput['approvalLevels']): Promise<LevelDraft[]> {
  const out: LevelDraft[] = [];
  for (const l of levels) {
    out.push({
      group: l.group,
      signers: await resolveSigners(k, companyId, l.signers.map(refId)),
      signatures: l.signatures,
      deadline: dueTime(l.deadline ?? l.dealine ?? new Date().toISOString().slice(0, 10)),
    });
  }
  return out;
}
