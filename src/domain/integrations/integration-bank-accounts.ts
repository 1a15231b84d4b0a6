// The bank accounts integrations receive into, for the forms that show them as objects (group D).
import type { Deps } from '../../context.js';
import type { BankAccount } from '../bank-accounts/bank-account.js';
import { getBankAccount, listAllBankAccounts } from '../bank-accounts/bank-account.service.js';
import type { Integration } from './integration.js';

export interface IntegrationWithAccount {
  integration: Integration;
  bankAccount: BankAccount | null;
}

export async function withBankAccount(deps: Deps, integration: Integration): Promise<IntegrationWithAccount> {
  const id = integration.bankAccountId;
  return { integration, bankAccount: id ? await getBankAccount(deps, integration.companyId, id) : null };
}

/** For integrations of one company: one read of the company's accounts, not one per integration. */
export async function withBankAccounts(
  deps: Deps,
  companyId: string,
  integrations: Integration[],
): Promise<IntegrationWithAccount[]> {
  if (!integrations.some((i) => i.bankAccountId))
    return integrations.map((integration) => ({ integration, bankAccount: null }));
  const accounts = new Map((await listAllBankAccounts(deps, companyId)).map((a) => [a.id, a]));
  return integrations.map((integration) => ({
    integration,
    bankAccount: integration.bankAccountId ? (accounts.get(integration.bankAccountId) ?? null) : null,
  }));
}
