// Which BankProvider answers for a provider id. Built once per app from configuration: the sandbox
// bank (when SANDBOX is on) and every bank of OPEN_BANKING_PROVIDERS, all through the Open Banking
// adapter over HTTP.
import type { Dispatcher } from 'undici';
import type { Config } from '../config.js';
import type { Logger } from '../context.js';
import type { Clock } from '../domain/clock.js';
import { invalid } from '../domain/errors.js';
import type { Db } from '../store/database.js';
import { ambientTransaction } from '../store/transaction.js';
import type { BankProvider } from './bank-provider.js';
import { OpenBankingProvider } from './open-banking/open-banking-provider.js';
import { type OpenBankingProviderConfig, sandboxProviderConfig } from './open-banking/provider-config.js';
import { OTHER_PROVIDER_ID, ProviderList } from './providers.js';

export interface BankRegistry {
  readonly providers: ProviderList;
  /** The provider's adapter; a validation error (400) for an unknown id or for `other`. */
  get(providerId: string): BankProvider;
  close(): Promise<void>;
}

export interface BankRegistryDeps {
  db: Db;
  clock: Clock;
  log?: Logger;
  /** Tests pass a recording dispatcher; by default each bank gets its own keep-alive Agent. */
  dispatcher?: Dispatcher;
  backoffMs?: number;
}

/** The Open Banking banks of this configuration, the sandbox bank first when it is on. */
export function openBankingProvidersOf(config: Config): OpenBankingProviderConfig[] {
  const sandbox = config.sandbox
    ? [sandboxProviderConfig(config.sandboxBankUrl, config.sandboxBankClientSecret)]
    : [];
  return [...sandbox, ...config.openBankingProviders];
}

export function createBankRegistry(config: Config, deps: BankRegistryDeps): BankRegistry {
  const banks = new Map<string, OpenBankingProvider>();
  for (const bank of openBankingProvidersOf(config)) banks.set(bank.id, new OpenBankingProvider(bank, deps));
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
    async close() {
      await Promise.all([...banks.values()].map((bank) => bank.close()));
    },
  };
}
