// The key that seals stored secrets: SECRETS_KEY, or else a key file generated once in DATA_DIR (0600,
// in a 0700 directory). Several processes sharing one database must share the key: set SECRETS_KEY.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import { parseKey, SecretBox } from './domain/secret-box.js';

export const KEY_FILE = 'secrets.key';

/** Creates the directory 0700 and narrows an existing one to 0700: it holds the key and the database. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

function readOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    // Written aside, then linked into place: a concurrent start either wins or reads the winner's key,
    // never a half-written file.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.unlinkSync(draft);
    }
  }
  const key = parseKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

export function loadSecretBox(
  config: Pick<Config, 'secretsKey' | 'secretsKeyPrevious' | 'dataDir'>,
): SecretBox {
  ensurePrivateDir(config.dataDir);
  return new SecretBox(config.secretsKey ?? readOrCreateKeyFile(config.dataDir), config.secretsKeyPrevious);
}
