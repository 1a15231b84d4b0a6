// What the sandbox bank runs on: a database (its own tables), a clock (the service's shared sandbox clock
// when mounted in the service) and its options. The same module runs mounted under /sandbox-bank or
// alone (standalone.ts).
import type { JSONWebKeySet } from 'jose';
import type { Deps, Logger } from '../../context.js';
import type { Clock } from '../../domain/clock.js';
import type { Db, Engine } from '../../store/database.js';
import { type SigningKey, signingKeyOf } from '../open-banking/signing-key.js';
import { SANDBOX_ORG_ID, SANDBOX_SOFTWARE_ID, sandboxPki } from './pki.js';

/** Enough to move money and read the ledger; the service's Deps satisfies it. */
export interface SandboxBankDeps {
  db: Db;
  engine: Engine;
  clock: Clock;
  log?: Logger;
}

export interface SandboxBankClient {
  id: string;
  /** tls_client_auth: the subject its transport certificate (from the bank's CA) must carry. */
  subject: { CN: string; OU: string };
  /** The `http://openbanking.org.uk/iss` of its x-jws-signature: `<orgId>/<softwareId>`. */
  signatureIss: string;
  /** The client's public signing keys: its request objects are checked against them. */
  keys(): Promise<JSONWebKeySet>;
  /** Redirect URIs the client may use: same origin, and a path under the prefix's path. */
  redirectUriPrefixes: string[];
}

export interface SandboxBankOptions {
  /** The bank's issuer: the authorisation page and discovery are under it; the request objects' audience. */
  baseUrl: string;
  /** Base of its HTTPS endpoints with client certificates: token, registration, the Open Banking API (Links). */
  apiUrl: string;
  /** Other audiences accepted in request objects (e.g. SANDBOX_BANK_URL when it differs). */
  audiences: string[];
  /** Clients known without registration (the standalone bank's); the service's registers at /register. */
  clients: SandboxBankClient[];
  /** The test directory's public key set: software statements are checked against it (DCR). */
  directoryKeys(): Promise<JSONWebKeySet>;
  /** The bank's own PS256 key: id_tokens, response signatures. */
  signingKey(): Promise<SigningKey>;
  /** auto: an authorised payment settles at once; manual: it waits for settle or reject. */
  settlement: 'auto' | 'manual';
}

export interface SandboxBank extends SandboxBankDeps {
  options: SandboxBankOptions;
}

export const SANDBOX_CLIENT_ID = SANDBOX_SOFTWARE_ID;
export const SANDBOX_CLIENT_SUBJECT = { CN: SANDBOX_SOFTWARE_ID, OU: SANDBOX_ORG_ID };

const clientKeys = new Map<string, Promise<JSONWebKeySet>>();
const bankKeys = new Map<string, Promise<SigningKey>>();

/** The sandbox bank's signing key in the sandbox PKI under dataDir. */
export function sandboxBankSigningKey(dataDir: string): Promise<SigningKey> {
  let key = bankKeys.get(dataDir);
  if (!key) {
    key = sandboxPki(dataDir).then((pki) => signingKeyOf(pki.bankSigningKey));
    key.catch(() => bankKeys.delete(dataDir));
    bankKeys.set(dataDir, key);
  }
  return key;
}

const directoryKeys = new Map<string, Promise<JSONWebKeySet>>();

/** The test directory's public signing key in the sandbox PKI under dataDir. */
export function sandboxDirectoryKeys(dataDir: string): Promise<JSONWebKeySet> {
  let keys = directoryKeys.get(dataDir);
  if (!keys) {
    keys = sandboxPki(dataDir).then(async (pki) => ({
      keys: [(await signingKeyOf(pki.directorySigningKey)).publicJwk],
    }));
    keys.catch(() => directoryKeys.delete(dataDir));
    directoryKeys.set(dataDir, keys);
  }
  return keys;
}

/** paybank's public signing key in the sandbox PKI under dataDir, as its registration at the bank holds it. */
export function sandboxClientKeys(dataDir: string): Promise<JSONWebKeySet> {
  let keys = clientKeys.get(dataDir);
  if (!keys) {
    keys = sandboxPki(dataDir).then(async (pki) => ({
      keys: [(await signingKeyOf(pki.paybankSigningKey)).publicJwk],
    }));
    keys.catch(() => clientKeys.delete(dataDir));
    clientKeys.set(dataDir, keys);
  }
  return keys;
}

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
      apiUrl: `https://127.0.0.1:${config.sandboxBankMtlsPort}`,
      audiences: [config.sandboxBankUrl],
      // paybank registers itself at /register once the bank listens (API.md 10.3).
      clients: [],
      directoryKeys: () => sandboxDirectoryKeys(config.dataDir),
      signingKey: () => sandboxBankSigningKey(config.dataDir),
      settlement: config.sandboxSettlement,
    },
  };
}
