// The sandbox bank forgets what can no longer be used: expired tokens and codes, and idempotency keys
// past their 24 hours.
import type { SandboxBankDeps } from './sandbox-bank.js';

export async function purgeExpired(bank: SandboxBankDeps): Promise<void> {
  const now = bank.clock.now().toISOString();
  await bank.db.deleteFrom('sandbox_bank_tokens').where('expires_at', '<', now).execute();
  await bank.db.deleteFrom('sandbox_bank_idempotency').where('expires_at', '<', now).execute();
}
