import { stat } from 'node:fs/promises';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('hashes and verifies', async () => {
    const stored = await hashPassword('Correct-horse-1');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    await expect(verifyPassword('Correct-horse-1', stored)).resolves.toBe(true);
    await expect(verifyPassword('wrong', stored)).resolves.toBe(false);
    await expect(verifyPassword('x', 'md5$abc')).resolves.toBe(false);
  });

  it('leaves room in the thread pool: a file read is not queued behind a burst of hashes', async () => {
    // scrypt runs on libuv's small shared pool (4 threads), as do file reads, zlib and DNS. Without a
    // bound, a burst of logins fills its queue and every other pool job waits behind all of them.
    const burst = 12;
    let hashed = 0;
    const hashes = Array.from({ length: burst }, () => hashPassword('Correct-horse-1').then(() => hashed++));
    await stat(__filename);
    const hashedWhenReadDone = hashed;
    await Promise.all(hashes);
    expect(hashed).toBe(burst);
    expect(hashedWhenReadDone).toBeLessThan(burst / 2);
  });
});
