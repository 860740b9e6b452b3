import type { Router } from 'express';
import {
  AppError,
  passkeyRegistrationInput,
  type OkAnswer,
  type PasskeyAnswer,
  type PasskeyListAnswer,
  type PasskeyOptionsAnswer,
  type PasskeyView,
} from '@grain/domain';
import type { PasskeyRow } from '@grain/persistence';
import type { ApiDeps } from '../deps';
import { featureRouter } from '../http/params';
import { parseInput } from '../http/parse-input';
import { scopeOf } from '../http/scope';
import { requireUser } from '../http/auth-middleware';
import { registrationOptions, relyingPartyOf, verifyRegistration } from './webauthn';

const passkeyView = (p: PasskeyRow): PasskeyView => ({ _id: p.id, name: p.name, algorithm: p.algorithm, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt });

/**
 * The caller's own passkeys: list, enrol (options, then the attestation, checked against the
 * enrolment's one-use challenge), remove. Nobody sees or changes another person's passkeys; a removed
 * passkey signs no more, and what it signed keeps verifying.
 */
export function createPasskeyRouter(deps: ApiDeps): Router {
  const r = featureRouter();
  const { passkeys } = deps.stores;
  const rp = relyingPartyOf(deps.config.publicUrl);

  r.get('/company/passkeys', requireUser, async (req, res) => {
    const { actor } = scopeOf(req);
    res.json({ passkeys: (await passkeys.ofUser(actor.id)).map(passkeyView) } satisfies PasskeyListAnswer);
  });

  r.post('/company/passkeys/options', requireUser, async (req, res) => {
    const { actor } = scopeOf(req);
    const u = req.user!;
    const options = await registrationOptions(rp, { id: actor.id, email: u.email, name: u.fullName }, await passkeys.ofUser(actor.id));
    await passkeys.startEnrolment(actor.id, options.challenge);
    res.json({ options } satisfies PasskeyOptionsAnswer);
  });

  r.post('/company/passkeys', requireUser, async (req, res) => {
    const { actor, companyId } = scopeOf(req);
    const input = parseInput(passkeyRegistrationInput, req.body ?? {});
    const challenge = await passkeys.takeEnrolment(actor.id);
    if (!challenge) throw new AppError('PASSKEY_REGISTRATION_INVALID');
    const added = await passkeys.add(await verifyRegistration(rp, challenge, input, { userId: actor.id, companyId }));
    res.status(201).json({ passkey: passkeyView(added) } satisfies PasskeyAnswer);
  });

  r.post('/company/passkeys/:id/delete', requireUser, async (req, res) => {
    const { actor } = scopeOf(req);
    await passkeys.remove(actor.id, String(req.params.id));
    res.json({ ok: true } satisfies OkAnswer);
  });

  return r;
}
