import { createHash } from 'node:crypto';

/** The hex SHA-256 of a text or bytes: token hashes, content hashes of files, ledger block hashes (Node's native digest). */
export const sha256hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
