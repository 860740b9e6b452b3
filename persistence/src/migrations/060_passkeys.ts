import type { Knex } from 'knex';

/**
 * Passkeys (WebAuthn). `passkeys`: a signer's enrolled credentials with their public key (COSE as the
 * authenticator gave it, and SPKI PEM as it is stated with every signature); a removed passkey is kept
 * (removed_at) so what it signed keeps verifying. `passkey_enrolments`: the challenge of an enrolment
 * under way, one use; `passkey_logins`: the challenge of a sign-in with a passkey, one use. `certificate_otps` gains a kind: a passkey signing challenge is issued, verified
 * and redeemed like a one-time code, bound to the same certificate, level, user and content hash; it
 * keeps the challenge (base64url sha256 of the statement) and the statement instead of a code hash.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('passkeys', (t) => {
    t.uuid('id').primary();
    t.string('user_id', 64).notNullable();
    t.string('company_id', 64).notNullable();
    t.string('credential_id', 1400).notNullable().unique();
    t.text('public_key_cose').notNullable();
    t.text('public_key_pem').notNullable();
    t.string('algorithm', 16).notNullable();
    t.bigInteger('counter').notNullable().defaultTo(0);
    t.string('transports', 200).notNullable().defaultTo('');
    t.string('name', 60).notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('removed_at', { useTz: true });
    t.index(['user_id'], 'passkeys_user');
  });
  await k.schema.createTable('passkey_enrolments', (t) => {
    t.string('user_id', 64).primary();
    t.string('challenge', 128).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await k.schema.createTable('passkey_logins', (t) => {
    t.string('challenge', 128).primary();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await k.schema.alterTable('certificate_otps', (t) => {
    t.string('kind', 16).notNullable().defaultTo('code');
    t.string('challenge', 64);
    t.text('statement');
  });
}

export async function down(k: Knex): Promise<void> {
  await k('certificate_otps').where({ kind: 'passkey' }).del();
  await k.schema.alterTable('certificate_otps', (t) => {
    t.dropColumn('statement');
    t.dropColumn('challenge');
    t.dropColumn('kind');
  });
  await k.schema.dropTable('passkey_logins');
  await k.schema.dropTable('passkey_enrolments');
  await k.schema.dropTable('passkeys');
}
