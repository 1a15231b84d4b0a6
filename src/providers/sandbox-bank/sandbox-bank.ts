// What the sandbox bank runs on: a database (its own tables), a clock (the service's shared sandbox clock
// when mounted in the service) and its options. The same module runs mounted under /sandbox-bank or
// alone (standalone.ts).
import type { Deps, Logger } from '../../context.js';
import type { Clock } from '../../domain/clock.js';
import type { Db, Engine } from '../../store/database.js';

/** Enough to move money and read the ledger; the service's Deps satisfies it. */
export interface SandboxBankDeps {
  db: Db;
  engine: Engine;
  clock: Clock;
  log?: Logger;
}

export interface SandboxBankClient {
  id: string;
  secret: string;
  /** Redirect URIs the client may use: same origin, and a path under the prefix's path. */
  redirectUriPrefixes: string[];
}

export interface SandboxBankOptions {
  /** The bank's own base URL (Links, the authorisation page, the request objects' audience). */
  baseUrl: string;
  /** Other audiences accepted in request objects (e.g. SANDBOX_BANK_URL when it differs). */
  audiences: string[];
  clients: SandboxBankClient[];
  /** auto: an authorised payment settles at once; manual: it waits for settle or reject. */
  settlement: 'auto' | 'manual';
}

export interface SandboxBank extends SandboxBankDeps {
  options: SandboxBankOptions;
}

export const SANDBOX_CLIENT_ID = 'paybank';

/** The sandbox bank as the service mounts it (under `${PUBLIC_URL}/sandbox-bank`). */
export function sandboxBankOf(deps: Deps): SandboxBank {
  const { config } = deps;
  return {
    db: deps.db,
    engine: deps.engine,
    clock: deps.clock,
    log: deps.log,
    options: {
      baseUrl: `${config.publicUrl}/sandbox-bank`,
      audiences: [config.sandboxBankUrl],
      clients: [
        {
          id: SANDBOX_CLIENT_ID,
          secret: config.sandboxBankClientSecret,
          redirectUriPrefixes: [config.publicUrl],
        },
      ],
      settlement: config.sandboxSettlement,
    },
  };
}
