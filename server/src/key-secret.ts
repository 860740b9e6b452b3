import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded default's CA key secret: with no CA_KEY_SECRET (allowed only without DATABASE_URL and
 * outside production, adapters' loadConfig), `npm start` keeps a random one beside its database in
 * DATA_DIR/ca-key.secret (owner-only), made on the first start, so keys are never stored unwrapped.
 */
export function embeddedKeySecret(dataDir: string): string {
  const file = path.join(dataDir, 'ca-key.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return readFileSync(file, 'utf8').trim();
}
