/**
 * Where a certificate is: each level in order with its state, and for each signer whether they were
 * asked (mailed), opened the certificate, and signed — what a submitter or manager wants to know before
 * chasing anyone. Built from the certificate and the first time each signer opened it at each level.
 */
import { currentLevel, pendingSigners, signedPrincipals } from './machine';
import type { CertificateLevel, CertificateState, Signer } from './types';

export type SignerStep = 'waiting' | 'notified' | 'viewed' | 'signed';

export interface SignerProgress {
  _id: string;
  fullName: string;
  /** A delegate: the name of the signer they act for. */
  onBehalfOf?: string;
  step: SignerStep;
  notifiedAt?: string;
  viewedAt?: string;
  signedAt?: string;
}

export interface LevelProgress {
  level: number;
  group: string;
  /** done, current (signing or sent back to), or upcoming. */
  state: 'done' | 'current' | 'upcoming';
  required: number;
  signedCount: number;
  signers: SignerProgress[];
}

/** The first time a user opened the certificate while asked to sign a level. */
export interface LevelOpened {
  level: number;
  userId: string;
  viewedAt: string;
}

/** When a signer of a level under way was asked to sign it: added in flight, by a delegation, or when it started. */
export function askedAt(l: CertificateLevel, x: Signer): string | undefined {
  return x.askedAt ?? l.delegations.find((d) => d.to.some((t) => t.id === x.id))?.at ?? l.startedAt;
}

/** The level the viewer is asked to sign now, and since when, if any (their opening is worth noting). */
export function askedNow(s: CertificateState, userId: string): { level: number; since?: string } | undefined {
  const l = currentLevel(s);
  if (!l || !['signing', 'pending'].includes(s.status)) return undefined;
  const x = pendingSigners(s, l).find((p) => p.id === userId);
  return x ? { level: l.level, since: askedAt(l, x) } : undefined;
}

export function signingProgress(s: CertificateState, views: LevelOpened[]): LevelProgress[] {
  const current = currentLevel(s);
  const active = s.status !== 'created' && s.status !== 'cancelled';
  return s.levels.map((l) => {
    const state: LevelProgress['state'] = l.status === 'done' ? 'done' : active && current?.level === l.level && s.status !== 'done' ? 'current' : 'upcoming';
    // sent back, the level waits for the submitter's resubmit: its signers are asked again only then
    const started = state !== 'upcoming' && !!l.startedAt && s.status !== 'rejected';
    const principals = signedPrincipals(l);
    const signers = l.signers
      .filter((x) => x.id !== s.submitter.id)
      .map((x): SignerProgress => {
        const signed = l.signed.find((e) => e.userId === x.id);
        const notifiedAt = started ? askedAt(l, x) : undefined;
        // opened since they were asked this time (a level sent back and restarted asks again)
        const viewed = views.find((v) => v.level === l.level && v.userId === x.id && (!notifiedAt || Date.parse(v.viewedAt) >= Date.parse(notifiedAt)));
        const onBehalfOf = x.delegatedBy ? l.signers.find((p) => p.id === x.delegatedBy)?.name : undefined;
        const step: SignerStep = signed ? 'signed' : viewed && started ? 'viewed' : notifiedAt ? 'notified' : 'waiting';
        return {
          _id: x.id,
          fullName: x.name,
          ...(onBehalfOf ? { onBehalfOf } : {}),
          step,
          ...(notifiedAt ? { notifiedAt } : {}),
          ...(viewed && started ? { viewedAt: viewed.viewedAt } : {}),
          ...(signed ? { signedAt: signed.at } : {}),
        };
      });
    return { level: l.level, group: l.group, state, required: l.signatures, signedCount: principals.size, signers };
  });
}

/** Who has to act next on a certificate, as the stepper and the status line name them. */
export interface WaitingFor {
  /** `submitter`: to submit the draft, or to update and resubmit what was sent back; `signers`: to sign the level. */
  who: 'submitter' | 'signers';
  names: string[];
  /** The level signing is at (after the resubmit, for a certificate sent back). */
  level?: number;
}

export function waitingFor(s: CertificateState): WaitingFor | null {
  if (s.status === 'created') return { who: 'submitter', names: [s.submitter.name] };
  const l = currentLevel(s);
  if (!l || s.status === 'done' || s.status === 'cancelled') return null;
  if (s.status === 'rejected') return { who: 'submitter', names: [s.submitter.name], level: l.level };
  return { who: 'signers', names: pendingSigners(s, l).map((x) => x.name), level: l.level };
}
