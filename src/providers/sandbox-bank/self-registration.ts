// paybank registers itself at the sandbox bank on first start (API.md 10.3), through the bank's
// /register endpoint like at any bank: a software statement from the test directory, our signed
// registration request, over mutual TLS. Again only when the redirect URIs changed (PUBLIC_URL).
import type { Deps } from '../../context.js';
import { SANDBOX_CLIENT_ID } from './sandbox-bank.js';
import { sandboxSoftwareStatement } from './software-statement.js';

export const SANDBOX_PROVIDER_ID = 'ob-sandbox';

/**
 * registrationUrl is the in-process bank's own, so that this runs before the service's port (where
 * the discovery document is) takes requests: no customer can come before paybank is a client.
 */
export async function registerAtSandboxBank(
  deps: Deps,
  redirectUris: string[],
  registrationUrl: string,
): Promise<void> {
  const known = await deps.db
    .selectFrom('sandbox_bank_clients')
    .select('redirect_uris')
    .where('client_id', '=', SANDBOX_CLIENT_ID)
    .executeTakeFirst();
  if (known?.redirect_uris === JSON.stringify(redirectUris)) return;
  const statement = await sandboxSoftwareStatement(deps.config.dataDir, redirectUris, deps.clock.now());
  const clientId = await deps.banks
    .openBanking(SANDBOX_PROVIDER_ID)
    .register(statement, redirectUris, registrationUrl);
  deps.log.info({ clientId, redirectUris }, 'registered at the sandbox bank');
}
