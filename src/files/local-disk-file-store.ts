// FileStore on the local disk under one directory (FILES_DIR, default DATA_DIR/files).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FILE_KEY_RE, type FileStore } from './file-store.js';

export class LocalDiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    // A key names a file directly under root: nothing a caller passes can climb out of it.
    if (!FILE_KEY_RE.test(key)) throw new Error(`invalid file key ${JSON.stringify(key)}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(this.root, { recursive: true });
    // Write aside, flush, then rename: a reader never sees half a file, a crash leaves no torn one.
    const temp = path.join(this.root, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await fs.open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
