// A partner (group D) names the bank account a payment is received into, not an integration; but every
// payment belongs to an integration, whose webhookUrl hears about it and whose redirect settings the
// customer follows. This picks it:
//   1. the company's oldest live integration attached to that bank account, else
//   2. the company's oldest live integration (the payment is still received into the named account).
// Without a bank account (recurring payments may leave it out) the company's default account is used.
import type { Deps } from '../../context.js';
import { findBankAccountRow, findDefaultBankAccountRow } from '../bank-accounts/bank-account.repository.js';
import { DomainError, notFound } from '../errors.js';
import { isId } from '../ids.js';

export interface ReceivingTarget {
  companyId: string;
  integrationId: string;
  bankAccountId: string;
}

async function oldestIntegration(
  deps: Deps,
  companyId: string,
  bankAccountId: string | null,
): Promise<string | undefined> {
  let query = deps.db
    .selectFrom('integrations')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null);
  if (bankAccountId !== null) query = query.where('bank_account_id', '=', bankAccountId);
  const row = await query.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(1).executeTakeFirst();
  return row?.id;
}

/**
 * The integration and bank account a partner's payment or recurring payment goes to. 404 for a bank
 * account the company does not hold; 409 when the company has no bank account (none named) or no
 * integration. The account's own status is checked by the payment services.
 */
export async function receivingTarget(
  deps: Deps,
  companyId: string,
  bankAccountId: string | undefined,
): Promise<ReceivingTarget> {
  let accountId: string;
  if (bankAccountId !== undefined) {
    const account = isId(bankAccountId)
      ? await findBankAccountRow(deps.db, companyId, bankAccountId)
      : undefined;
    if (!account) throw notFound('bank account');
    accountId = account.id;
  } else {
    const account = await findDefaultBankAccountRow(deps.db, companyId);
    if (!account) {
      throw new DomainError(
        'invalid_state',
        'the company has no bank account to receive payments into: add one first, or name bankAccount',
      );
    }
    accountId = account.id;
  }
  const integrationId =
    (await oldestIntegration(deps, companyId, accountId)) ?? (await oldestIntegration(deps, companyId, null));
  if (!integrationId) {
    throw new DomainError(
      'invalid_state',
      'the company has no integration: create one (POST /partner/v1/companies/:companyId/integrations) before taking payments',
    );
  }
  return { companyId, integrationId, bankAccountId: accountId };
}
