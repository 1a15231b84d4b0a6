// Which BankProvider answers for a provider id. Built once per app from configuration: the sandbox
// bank (when SANDBOX is on) and every bank of OPEN_BANKING_PROVIDERS, all through the Open Banking
// adapter over HTTP.

import type { Dispatcher } from 'undici';
import { type Config, ConfigError } from '../config.js';
import type { Logger } from '../context.js';
import type { Clock } from '../domain/clock.js';
import { invalid } from '../domain/errors.js';
import type { SecretBox } from '../domain/secret-box.js';
import type { Db } from '../store/database.js';
import { ambientTransaction } from '../store/transaction.js';
import type { BankProvider } from './bank-provider.js';
import { CredentialsError, loadCredentials, type ObCredentials } from './open-banking/credentials.js';
import { OpenBankingProvider } from './open-banking/open-banking-provider.js';
import { type OpenBankingProviderConfig, sandboxProviderConfig } from './open-banking/provider-config.js';
import type { PublicJwk } from './open-banking/signing-key.js';
import { OTHER_PROVIDER_ID, ProviderList } from './providers.js';

export interface BankRegistry {
  readonly providers: ProviderList;
  /** The provider's adapter; a validation error (400) for an unknown id or for `other`. */
  get(providerId: string): BankProvider;
  /** paybank's public signing keys at every bank (GET /.well-known/jwks.json). */
  jwks(): PublicJwk[];
  /**
   * Reads every configured real bank's discovery document (API.md 10.1), at start: a ConfigError names
   * the bank and its issuer. The sandbox bank is read at its first call, once it listens.
   */
  discover(): Promise<void>;
  /** The Open Banking adapter of a bank (registration needs more than BankProvider offers). */
  openBanking(providerId: string): OpenBankingProvider;
  close(): Promise<void>;
}

export interface BankRegistryDeps {
  db: Db;
  clock: Clock;
  /** Seals the consents' tokens at rest. */
  secrets: SecretBox;
  log?: Logger;
  /** Tests pass a recording dispatcher; by default each bank gets its own keep-alive Agent. */
  dispatcher?: Dispatcher;
  backoffMs?: number;
}

/** The Open Banking banks of this configuration, the sandbox bank first when it is on. */
export function openBankingProvidersOf(config: Config): OpenBankingProviderConfig[] {
  const sandbox = config.sandbox ? [sandboxProviderConfig(config.sandboxBankUrl, config.dataDir)] : [];
  return [...sandbox, ...config.openBankingProviders];
}

/** Reads every bank's keys (the sandbox PKI must exist first); an Error names the bank and field. */
export async function createBankRegistry(config: Config, deps: BankRegistryDeps): Promise<BankRegistry> {
  const banks = new Map<string, OpenBankingProvider>();
  const sandboxId = config.sandbox ? sandboxProviderConfig(config.sandboxBankUrl, config.dataDir).id : null;
  const keys = new Map<string, PublicJwk>();
  for (const bank of openBankingProvidersOf(config)) {
    let credentials: ObCredentials;
    try {
      credentials = await loadCredentials(bank);
    } catch (err) {
      if (!(err instanceof CredentialsError)) throw err;
      throw new ConfigError('OPEN_BANKING_PROVIDERS', err.message);
    }
    keys.set(credentials.signing.kid, credentials.signing.publicJwk);
    banks.set(bank.id, new OpenBankingProvider(bank, credentials, deps));
  }
  const providers = new ProviderList([...banks.values()].map((bank) => bank.info));
  return {
    providers,
    get(providerId) {
      // A bank call inside a request's transaction would hold the database for the bank's time (the
      // sandbox bank, on the same SQLite file, would wait for it for ever): such an operation says so
      // (`idempotency: 'after-bank-call'`, http/idempotency.ts).
      if (ambientTransaction()) throw new Error('a bank called inside a request transaction');
      const bank = banks.get(providerId);
      if (bank) return bank;
      if (providerId === OTHER_PROVIDER_ID) {
        throw invalid('/provider', 'other has no bank API: the payment is made by manual transfer');
      }
      throw invalid('/provider', `must be one of ${providers.all().join(', ')}`);
    },
    jwks: () => [...keys.values()],
    openBanking(providerId) {
      const bank = banks.get(providerId);
      if (!bank) throw invalid('/provider', `must be one of ${providers.withoutOther().join(', ')}`);
      return bank;
    },
    async discover() {
      for (const bank of banks.values()) {
        if (bank.info.id === sandboxId) continue;
        try {
          await bank.discover();
        } catch (err) {
          throw new ConfigError(
            'OPEN_BANKING_PROVIDERS',
            `${bank.info.id}: issuer ${bank.issuer}: the discovery document cannot be read (${(err as Error).message})`,
          );
        }
      }
    },
    async close() {
      await Promise.all([...banks.values()].map((bank) => bank.close()));
    },
  };
}
