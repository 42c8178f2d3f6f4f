import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where upload bytes live, by key. Local disk is the default; an S3-compatible bucket plugs in behind the same
 * two calls, so the service does not change when a deployment moves its files.
 */
export interface UploadStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes stored under the key, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
}

/** Keys are the uploads' UUIDs; nothing else may name a file, so a key can never climb out of the folder. */
const SAFE_KEY = /^[0-9a-f-]{36}$/;

export function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`not an upload key: ${key}`);
  return key;
}

/** Files under DATA_DIR/uploads: outside the web root, readable only by the server's user. */
export class LocalDiskStorage implements UploadStorage {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer) {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    const target = path.join(this.root, checkedKey(key));
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${target}.${randomUUID()}.partial`;
    await writeFile(partial, data, { mode: 0o600 });
    await rename(partial, target);
  }

  async get(key: string) {
    try {
      return await readFile(path.join(this.root, checkedKey(key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }
}
