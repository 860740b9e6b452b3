import { randomUUID } from 'node:crypto';
import { constants, copyFile, mkdir, readFile, stat, writeFile, unlink } from 'node:fs/promises';
import { createReadStream, type ReadStream } from 'node:fs';
import path from 'node:path';
import type { AdapterInfo, Described } from '../port';

/**
 * Port: blob storage for uploads and generated files. Objects are stored under generated keys only;
 * a caller's file name never becomes a path. Embedded default: files under DATA_DIR/files.
 */
export interface FileStorage extends Described {
  put(data: Buffer, opts: { ext: string; prefix?: string }): Promise<string>;
  /** Stores a copy of a file on disk (an upload streamed to a temp file), without reading it into memory. */
  putFile(source: string, opts: { ext: string; prefix?: string }): Promise<string>;
  get(key: string): Promise<Buffer>;
  stream(key: string): ReadStream;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
}

const KEY_RE = /^[a-z0-9-]{1,40}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}
  info(): AdapterInfo {
    return { kind: 'embedded', detail: `files under ${this.root}` };
  }
  async ping() {
    await mkdir(this.root, { recursive: true });
  }
  private resolve(key: string): string {
    if (!KEY_RE.test(key)) throw new Error(`invalid storage key`);
    return path.join(this.root, key);
  }
  private async newKey(opts: { ext: string; prefix?: string }): Promise<{ key: string; file: string }> {
    const ext =
      opts.ext
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 8) || 'bin';
    const prefix =
      (opts.prefix ?? 'files')
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, '')
        .slice(0, 40) || 'files';
    const key = `${prefix}/${randomUUID()}.${ext}`;
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    return { key, file };
  }
  async put(data: Buffer, opts: { ext: string; prefix?: string }): Promise<string> {
    const { key, file } = await this.newKey(opts);
    await writeFile(file, data, { flag: 'wx' });
    return key;
  }
  async putFile(source: string, opts: { ext: string; prefix?: string }): Promise<string> {
    const { key, file } = await this.newKey(opts);
    await copyFile(source, file, constants.COPYFILE_EXCL);
    return key;
  }
  get(key: string) {
    return readFile(this.resolve(key));
  }
  stream(key: string) {
    return createReadStream(this.resolve(key));
  }
  async size(key: string) {
    return (await stat(this.resolve(key))).size;
  }
  async remove(key: string) {
    await unlink(this.resolve(key)).catch(() => undefined);
  }
}
