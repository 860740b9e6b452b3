/** Shared helpers of the certificate routes: the caller as a command actor, loading within the company. */
import type { Request } from 'express';
import { AppError, type CertificateState, type CommandActor } from '@grain/domain';
import { KnexCertificateStore, UserStore, signatureOfUser } from '@grain/persistence';
import { actorOf } from '../http/auth-middleware';
import type { ApiDeps } from '../deps';
import { CertificateWorkflows } from './certificate-workflows';
import { toApprovalView } from './approval-view';

export interface CertCtx {
  deps: ApiDeps;
  store: KnexCertificateStore;
  workflows: CertificateWorkflows;
}

export function createCtx(deps: ApiDeps): CertCtx {
  return { deps, store: new KnexCertificateStore(deps.knex), workflows: new CertificateWorkflows(deps.temporal, deps.config.taskQueue) };
}

/** The caller's company; a user without one has no certificates to see. */
export function companyOf(req: Request): string {
  const a = actorOf(req);
  if (!a.companyId) throw new AppError('ACCESS_DENIED');
  return a.companyId;
}

export function commandActor(req: Request): CommandActor {
  const a = actorOf(req);
  const u = req.user!;
  return { id: a.id, name: u.fullName, email: u.email, isAdmin: a.role === 'admin' };
}

/** A certificate of the caller's company (404 for another company's, as for a missing one). */
export async function loadCertificate(ctx: CertCtx, req: Request, id: string): Promise<CertificateState> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND');
  const stored = await ctx.store.get(companyOf(req), id);
  if (!stored) throw new AppError('NOT_FOUND');
  return stored.state;
}

/** Level ids are `<certificate id>-L<n>` (domain createCertificate); the certificate id is the prefix. */
export function certificateIdOfLevel(levelId: string): string {
  const m = /^([0-9a-f-]{36})-L\d+$/i.exec(levelId);
  if (!m) throw new AppError('NOT_FOUND');
  return m[1];
}

/** The approval as answered to this caller: with names in the audit trail and what they may do. */
export async function viewFor(ctx: CertCtx, req: Request, s: CertificateState) {
  const viewer = actorOf(req);
  const users = await new UserStore(ctx.deps.knex).listByCompany(s.companyId);
  const names = new Map(users.map((u) => [u.id, `${u.firstname} ${u.lastname}`.trim()]));
  const hasSignature = !!(await signatureOfUser(ctx.deps.knex, viewer.id).catch(() => null));
  return toApprovalView(s, { viewer, hasSignature, names });
}

/**
 * After the workflow answered, wait (briefly) until the read model shows that version, so a list or
 * detail read right after a change sees it. The workflow writes the read model before an Update
 * answers; this matters only after start, which answers at once.
 */
export async function awaitReadModel(ctx: CertCtx, companyId: string, id: string, minVersion: number, timeoutMs = 10_000): Promise<CertificateState | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = await ctx.store.get(companyId, id);
    if (s && s.version >= minVersion && s.state.status !== 'created') return s.state;
    if (Date.now() > until) return s?.state ?? null;
    await new Promise((r) => setTimeout(r, 100));
  }
}
