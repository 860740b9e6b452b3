import { hash } from 'node:crypto';

/**
 * The hex SHA-256 of a text or bytes: token hashes, content hashes of files, ledger block hashes (Node's
 * native digest). The domain's sha256Hex gives the same digest in plain TypeScript for code that may
 * not use Node built-ins (workflows, the browser); Node code uses this one, which is native and fast on files.
 * One-shot (crypto.hash), no Hash object made and finished: every authenticated request hashes its
 * session token here to find it in the session cache.
 */
export const sha256hex = (data: string | Uint8Array) => hash('sha256', data, 'hex');
