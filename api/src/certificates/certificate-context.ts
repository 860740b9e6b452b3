/** What the certificate routes share: the use cases' dependencies, the caller, and the view for a caller. */
import type { Request } from 'express';
import { commandActor, toCertificateView, type Actor, type CertificateAnswer, type CertificateState, type CertificateView } from '@grain/domain';
import { actorOf } from '../http/auth-middleware';
import { isPlatformOperator } from '../http/operators';
import { scopeOf } from '../http/scope';
import type { ApiDeps } from '../deps';
import type { CertificateViewerFacts } from '@grain/persistence';
import { CertificateWorkflows } from './certificate-workflows';
import type { Caller, CertificateCommandDeps } from './commands/command-deps';
import { digitalSignatures, passkeySignatures } from './support/digital-signatures';
import { relyingPartyOf } from '../passkeys/webauthn';

/** The routes' context is the use cases' dependencies: nothing else reaches a certificate route. */
export type CertCtx = CertificateCommandDeps;

export function createCtx(deps: ApiDeps): CertCtx {
  const { config } = deps;
  return {
    stores: deps.stores,
    workflows: new CertificateWorkflows(deps.temporal, config.taskQueue, config.temporalDeadlines, config.publicUrl),
    relyingParty: relyingPartyOf(config.publicUrl),
    signingCodeMail: { mail: deps.adapters.mail, publicUrl: config.publicUrl },
    ledger: deps.adapters.ledger,
    storage: deps.adapters.storage,
    didWeb: deps.adapters.didWeb,
    tsa: deps.adapters.tsa,
    config: {
      publicUrl: config.publicUrl,
      caKeySecret: config.caKeySecret,
      temporalUiUrl: config.temporalUiUrl,
      temporalNamespace: config.temporalNamespace,
      platformOperators: config.platformOperators,
      statusListMaxAgeSeconds: config.statusListMaxAgeSeconds,
    },
  };
}

/** The caller of a use case, scoped to their company (a user without one has no certificates to see). */
export function callerOf(req: Request): Caller {
  const { actor: access, companyId } = scopeOf(req);
  const u = req.user!;
  return { access, companyId, email: u.email, actor: commandActor(access, u.fullName) };
}

/**
 * The certificate as answered to this viewer: with names in the audit trail and what they may do.
 * `known`: the viewer's facts read with this very state (CertificateStore.withViewerFacts), not read again.
 */
async function viewFor(ctx: CertCtx, viewer: Actor, s: CertificateState, operator: boolean, known?: CertificateViewerFacts): Promise<CertificateView> {
  const stores = ctx.stores;
  const held = s.supportDocs.flatMap((d) => (d.version !== undefined ? [{ id: d.id, version: d.version }] : []));
  // independent reads, side by side; the names only of the people the audit trail names
  const [facts, revocation, digital, passkey, heldTypes] = await Promise.all([
    known ?? viewerFacts(stores, viewer, s),
    s.status === 'done' ? stores.certificates.revocationOf(s.companyId, s.id) : null,
    digitalSignatures(stores, s),
    passkeySignatures(stores, s),
    held.length ? stores.documents.fileVersionTypes(s.companyId, held) : undefined,
  ]);
  const { names, hasSignature, hasPasskey } = facts;
  const opened = s.status === 'created' ? [] : facts.opened;
  const view = toCertificateView(s, { viewer, hasSignature, hasPasskey, names, opened, digital, passkey, heldTypes });
  // The Temporal UI shows every tenant's workflows: only the platform's operators (PLATFORM_OPERATORS) get
  // the link to it, never a company's admin (issue 26 item 8).
  const { temporalUiUrl, temporalNamespace } = ctx.config;
  const operatorUrl =
    operator && s.workflowId
      ? `${temporalUiUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(temporalNamespace)}/workflows/${encodeURIComponent(s.workflowId)}`
      : null;
  return { ...view, revocation, operatorUrl, ...(view.can ? { can: { ...view.can, revoke: view.can.revoke && !revocation } } : {}) };
}

/** The viewer's facts of CertificateStore.withViewerFacts, read side by side for a state loaded without them. */
async function viewerFacts(stores: CertCtx['stores'], viewer: Actor, s: CertificateState): Promise<CertificateViewerFacts> {
  const [names, hasSignature, hasPasskey, opened] = await Promise.all([
    stores.users.namesOf(
      s.companyId,
      s.audit.map((a) => a.actorId),
    ),
    stores.signatures
      .ofUser(viewer.id)
      .then((x) => !!x)
      .catch(() => false),
    stores.passkeys.ofUser(viewer.id).then((x) => x.length > 0),
    s.status === 'created' ? [] : stores.certificateViews.of(s.id),
  ]);
  return { viewerId: viewer.id, names, hasSignature, hasPasskey, opened };
}

/**
 * The `{ approval }` answer of every call that changes or reads one certificate. `facts`: the caller's
 * facts read with `s` (a command that read them with the state passes them on; else they are read here).
 */
export async function approvalAnswer(ctx: CertCtx, req: Request, s: CertificateState, facts?: CertificateViewerFacts): Promise<CertificateAnswer> {
  const viewer = actorOf(req);
  // facts of another viewer (never expected) are not this caller's: read again
  return { approval: await viewFor(ctx, viewer, s, await isPlatformOperator(ctx, req), facts?.viewerId === viewer.id ? facts : undefined) };
}
