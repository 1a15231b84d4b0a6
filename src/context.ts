// What the domain needs from the outside world, built once per app and passed to every service call.
import type { Config } from './config.js';
import type { Clock } from './domain/clock.js';
import type { Mailer } from './domain/mail/mailer.js';
import type { SecretBox } from './domain/secret-box.js';
import type { FileStore } from './files/file-store.js';
import type { BankRegistry } from './providers/bank-registry.js';
import type { Db, Engine, Store } from './store/database.js';

export interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

export interface Deps {
  config: Config;
  store: Store;
  db: Db;
  engine: Engine;
  clock: Clock;
  log: Logger;
  /** The banks: BankProvider per provider id, and the provider list (spec 2.13). */
  banks: BankRegistry;
  /** Where e-mail leaves the service; only the outbox dispatcher sends. */
  mailer: Mailer;
  /** Uploaded files (bank statements). */
  files: FileStore;
  /** Seals and opens the secrets stored for use again (webhook signing secrets). */
  secrets: SecretBox;
}

/**
 * `deps` with `db` in place of its database (a transaction that services called with it join). Named,
 * not spread: the app's deps has `db` as a getter, and a spread of an object with one copies it through
 * V8's slow path, 26,900 instructions, 3% of a SQLite create (issue 14, `npm run bench:instructions`).
 */
export function depsWithDb(deps: Deps, db: Db): Deps {
  return {
    config: deps.config,
    store: deps.store,
    db,
    engine: deps.engine,
    clock: deps.clock,
    log: deps.log,
    banks: deps.banks,
    mailer: deps.mailer,
    files: deps.files,
    secrets: deps.secrets,
  };
}
