// `paybank bank register <providerId>` (API.md 10.1, issue 13 item 7): registers paybank at a bank by
// Open Banking DCR with the provider's configuration (its software statement, signing key and
// transport certificate) and prints the client id to put into OPEN_BANKING_PROVIDERS.

import { loadConfig } from './config.js';
import { BANK_RETURN_PATH } from './domain/bank-accounts/bank-connection.service.js';
import { systemClock } from './domain/clock.js';
import { RETURN_PATH } from './domain/payments/initiation.service.js';
import { isBankError } from './providers/bank-error.js';
import { createBankRegistry, openBankingProvidersOf } from './providers/bank-registry.js';
import { softwareStatementFromFile } from './providers/open-banking/registration.js';
import { SANDBOX_PROVIDER_ID } from './providers/sandbox-bank/self-registration.js';
import { sandboxSoftwareStatement } from './providers/sandbox-bank/software-statement.js';
import { loadSecretBox } from './secrets-key.js';
import { openStore } from './store/database.js';

/** The operator's words after `bank`; answers what to print, or throws an Error to print on stderr. */
export async function runBankCommand(words: string[]): Promise<string> {
  const [action, providerId] = words;
  if (action !== 'register' || !providerId) throw new RangeError('usage: paybank bank register <providerId>');
  const config = loadConfig();
  const bank = openBankingProvidersOf(config).find((b) => b.id === providerId);
  if (!bank) throw new Error(`${providerId} is not a configured Open Banking provider`);
  const redirectUris = [`${config.publicUrl}${RETURN_PATH}`, `${config.publicUrl}${BANK_RETURN_PATH}`];
  const statement =
    providerId === SANDBOX_PROVIDER_ID
      ? await sandboxSoftwareStatement(config.dataDir, redirectUris, systemClock.now())
      : await softwareStatementFromFile(bank);
  const store = openStore(config.databaseUrl);
  const registry = await createBankRegistry(config, {
    db: store.db,
    clock: systemClock,
    secrets: loadSecretBox(config),
  });
  try {
    const clientId = await registry.openBanking(providerId).register(statement, redirectUris);
    return JSON.stringify({ providerId, clientId, redirectUris });
  } catch (err) {
    if (isBankError(err)) throw new Error(`${providerId}: ${err.message}`);
    throw err;
  } finally {
    await registry.close();
    await store.close();
  }
}
