import { z } from 'zod';
import { MAX_SIGNATURES, MIN_SIGNATURES, PRIORITIES } from '../constants';
import { isDateText } from '../validation';

/**
 * Request bodies of the certificate calls (public wire names). Signers arrive as user ids (or objects
 * carrying `_id`); the API resolves them within the caller's company, so a foreign id is refused.
 * Zod lives here, away from the modules the certificate workflow imports.
 */
const personRef = z.union([z.string().min(1).max(64), z.object({ _id: z.string().min(1).max(64) }).passthrough()]);
const docRef = z.object({ _id: z.string().min(1).max(64) }).passthrough();

const ISO_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
/** A bare date stays valid while it is still that day somewhere: the last time zone is UTC-12. */
const LAST_ZONE_MS = 12 * 3_600_000;
/** Clock skew between a browser and the server, for a full time. */
const SKEW_MS = 60_000;

/**
 * Every date that enters a certificate (a level's due date on create, update and level update): a real
 * calendar day yyyy-mm-dd, due at the end of that day (UTC), or a full ISO time with its zone; never in
 * the past, today included.
 */
export const dueDateInput = z
  .string()
  .trim()
  .max(40)
  .superRefine((s, ctx) => {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : ISO_TIME.exec(s)?.[1];
    if (!day || !isDateText(day) || Number.isNaN(Date.parse(s))) return void ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'INVALID_DATE' });
    const late = day === s ? Date.parse(dueTime(s)) + LAST_ZONE_MS : Date.parse(s) + SKEW_MS;
    if (late < Date.now()) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'DATE_IN_PAST' });
  });

export const levelInput = z.object({
  _id: z.string().max(100).optional(),
  group: z.string().trim().min(1, 'REQUIRED_FIELDS').max(100),
  signers: z.array(personRef).max(50).default([]),
  signatures: z.coerce.number().int().min(MIN_SIGNATURES, 'INVALID_SIGNATURE_COUNT').max(MAX_SIGNATURES, 'INVALID_SIGNATURE_COUNT'),
  deadline: dueDateInput.optional(),
  dealine: dueDateInput.optional(),
});

export const certificateInput = z.object({
  approvalNumber: z
    .string()
    .trim()
    .min(1, 'REQUIRED_FIELDS')
    .max(50, 'INVALID_CODE')
    .regex(/^[A-Za-z0-9_\-/]+$/, 'INVALID_CODE'),
  approvalName: z.string().trim().min(1, 'REQUIRED_FIELDS').max(200),
  priority: z.enum(PRIORITIES).default('Medium'),
  summary: z.string().max(2000).optional(),
  approvalDoc: docRef.nullable().optional(),
  supportDocs: z.array(docRef).max(50).default([]),
  approvalLevels: z.array(levelInput).min(1, 'LEVELS_REQUIRED').max(20),
  /**
   * Why the certificate is issued although its farm record fails the standard of its claimed grade
   * ("issue with deviation"); needed to submit such a certificate, and printed on it.
   */
  deviationReason: z.string().trim().max(1000).optional(),
  /** created = Save (keep as draft); signing = Submit (start the workflow). */
  status: z.enum(['created', 'signing']).default('created'),
});
export type CertificateInput = z.infer<typeof certificateInput>;
/** What a client sends (defaults not yet applied). */
export type CertificateInputBody = z.input<typeof certificateInput>;

const b64url = (code: string) =>
  z
    .string({ message: code })
    .max(20_000, code)
    .regex(/^[A-Za-z0-9_-]*$/, code);

/** A passkey's answer to a signing challenge, as @simplewebauthn/browser's startAuthentication returns it. */
export const passkeyAssertionInput = z.object({
  /** The id of the challenge (POST approvallevel/{id}/passkey) the assertion answers. */
  challengeId: z.string({ message: 'PASSKEY_CHALLENGE_INVALID' }).uuid('PASSKEY_CHALLENGE_INVALID'),
  response: z.object(
    {
      id: b64url('PASSKEY_ASSERTION_INVALID').min(1, 'PASSKEY_ASSERTION_INVALID'),
      rawId: b64url('PASSKEY_ASSERTION_INVALID'),
      type: z.literal('public-key', { message: 'PASSKEY_ASSERTION_INVALID' }),
      response: z.object(
        {
          authenticatorData: b64url('PASSKEY_ASSERTION_INVALID'),
          clientDataJSON: b64url('PASSKEY_ASSERTION_INVALID'),
          signature: b64url('PASSKEY_ASSERTION_INVALID'),
          userHandle: b64url('PASSKEY_ASSERTION_INVALID').optional(),
        },
        { message: 'PASSKEY_ASSERTION_INVALID' },
      ),
      clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    },
    { message: 'PASSKEY_ASSERTION_INVALID' },
  ),
});
export type PasskeyAssertionInput = z.infer<typeof passkeyAssertionInput>;

/** Signing in with a passkey: the assertion over the sign-in challenge (POST auth/passkey/options). */
export const passkeyLoginInput = passkeyAssertionInput.pick({ response: true });

/**
 * Signing: with the mailed code (`otp`), or with a passkey's assertion over the challenge the caller was
 * given (`passkey`); one of the two.
 */
export const signInput = z
  .object({
    otp: z.string().trim().max(12).optional(),
    passkey: passkeyAssertionInput.optional(),
    note: z.string().max(1000).optional(),
    signaturePassword: z.string().max(200).optional(),
    /** The approval id (the level id is in the path); optional when the level id names it. */
    approval: z.union([z.string(), z.object({ _id: z.string() }).passthrough()]).optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.passkey && !b.otp) ctx.addIssue({ code: 'custom', path: ['otp'], message: 'OTP_REQUIRED' });
  });

/** A passkey challenge for the current level: bound to the content hash the signer is shown. */
export const passkeyChallengeInput = z.object({
  contentHash: z.string({ message: 'CONTENT_CHANGED_SINCE_SHOWN' }).regex(/^[0-9a-f]{64}$/, 'CONTENT_CHANGED_SINCE_SHOWN'),
  approval: z.union([z.string(), z.object({ _id: z.string() }).passthrough()]).optional(),
});

/** A new passkey: the attestation @simplewebauthn/browser's startRegistration returns, and a name. */
export const passkeyRegistrationInput = z.object({
  name: z.string().trim().max(60).optional(),
  response: z
    .object(
      {
        id: b64url('PASSKEY_REGISTRATION_INVALID').min(1, 'PASSKEY_REGISTRATION_INVALID'),
        rawId: b64url('PASSKEY_REGISTRATION_INVALID'),
        type: z.literal('public-key', { message: 'PASSKEY_REGISTRATION_INVALID' }),
        response: z
          .object(
            {
              clientDataJSON: b64url('PASSKEY_REGISTRATION_INVALID'),
              attestationObject: b64url('PASSKEY_REGISTRATION_INVALID'),
              transports: z.array(z.string().max(32)).max(10).optional(),
            },
            { message: 'PASSKEY_REGISTRATION_INVALID' },
          )
          .passthrough(),
        clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      },
      { message: 'PASSKEY_REGISTRATION_INVALID' },
    )
    .passthrough(),
});
export type PasskeyRegistrationInput = z.infer<typeof passkeyRegistrationInput>;

export const rejectInput = z.object({
  toLevel: z.coerce.number().int().min(0, 'INVALID_LEVEL'),
  reason: z.string().trim().min(1, 'REASON_REQUIRED').max(1000),
});

/** Revoking an issued certificate: the reason is checked with the rule (revocation.ts). */
export const revokeInput = z.object({
  reason: z.string({ message: 'REASON_REQUIRED' }).default(''),
});

/** A reminder by hand: to the pending signers (default) or up to the managers. */
export const remindInput = z.object({
  to: z.enum(['signers', 'escalation'], { message: 'INVALID_INPUT' }).default('signers'),
});

export const delegateInput = z.object({
  to: z.array(personRef).min(1, 'DELEGATE_REQUIRED').max(20),
  note: z.string().max(1000).optional(),
});

export const levelUpdateInput = z.object({
  group: z.string().trim().min(1).max(100).optional(),
  signers: z.array(personRef).max(50).optional(),
  signatures: z.coerce.number().int().min(MIN_SIGNATURES, 'INVALID_SIGNATURE_COUNT').max(MAX_SIGNATURES, 'INVALID_SIGNATURE_COUNT').optional(),
  dealine: dueDateInput.optional(),
  deadline: dueDateInput.optional(),
  comments: z.array(z.string().max(1000)).optional(),
});

export const templateInput = z.object({
  approvalName: z.string().trim().min(1, 'REQUIRED_FIELDS').max(200),
  priority: z.enum(PRIORITIES).optional(),
  approvalLevels: z
    .array(
      z.object({
        group: z.string().trim().min(1).max(100),
        signers: z.array(personRef).max(50).default([]),
        signatures: z.coerce.number().int().min(MIN_SIGNATURES, 'INVALID_SIGNATURE_COUNT').max(MAX_SIGNATURES, 'INVALID_SIGNATURE_COUNT'),
        dueInDays: z.coerce.number().int().min(0).max(3650).default(7),
      }),
    )
    .min(1, 'LEVELS_REQUIRED')
    .max(20),
});

export type SignInput = z.input<typeof signInput>;
export type RejectInput = z.input<typeof rejectInput>;
export type DelegateInput = z.input<typeof delegateInput>;
export type LevelUpdateInput = z.infer<typeof levelUpdateInput>;
export type TemplateInputBody = z.input<typeof templateInput>;

export const refId = (r: z.infer<typeof personRef>): string => (typeof r === 'string' ? r : r._id);

/** A level's due time: a bare date means the end of that day (UTC). */
export function dueTime(s: string | undefined): string {
  if (!s) return '';
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59)).toISOString() : new Date(s).toISOString();
}
