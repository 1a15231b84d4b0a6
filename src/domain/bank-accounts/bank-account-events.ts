// The webhooks a bank account change sends to the owning partner's webhook URL, written in the same
// transaction as the change (outbox): group B's spec 6.1 events and group D's spec 6.2 event.
import type { Deps } from '../../context.js';
import { recordEvent } from '../events/outbox.js';
import type { BankAccount } from './bank-account.js';
import { groupDStatus } from './bank-account-status.js';

/** Spec 2.7 as carried by the spec 6.1 webhooks (consentID only for accounts connected via the app). */
export function bankAccountEventFields(account: BankAccount) {
  return {
    id: account.id,
    sortCode: account.sortCode,
    accountNumber: account.accountNumber,
    name: account.name,
    provider: account.provider,
    isDefault: account.isDefault,
    status: account.status,
    creationType: account.creationType,
    createdAt: account.createdAt,
    bankStatementAttachmentURL: account.bankStatementAttachmentURL,
    ...(account.consentId ? { consentID: account.consentId } : {}),
    bankConsentExpired: account.bankConsentExpired,
    companyID: account.companyId,
  };
}

async function owningPartner(deps: Deps, companyId: string): Promise<string> {
  const row = await deps.db
    .selectFrom('companies')
    .select('partner_id')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row.partner_id;
}

async function recordBankAccountEvent(
  deps: Deps,
  partnerId: string,
  account: BankAccount,
  eventName: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await recordEvent(deps.db, deps.clock.now(), {
    destination: { kind: 'partner', partnerId },
    eventName,
    resourceType: 'bank_account',
    resourceId: account.id,
    payload,
  });
}

/**
 * A status change, or an attempt to connect the account via the data API: group B's `status-update`
 * and group D's `bank_account_status_update`. Call inside the transaction that made the change.
 */
export async function recordStatusChange(deps: Deps, account: BankAccount): Promise<void> {
  const partnerId = await owningPartner(deps, account.companyId);
  await recordBankAccountEvent(deps, partnerId, account, 'status-update', {
    eventScope: 'bank-accounts',
    eventName: 'status-update',
    ...bankAccountEventFields(account),
  });
  await recordBankAccountEvent(deps, partnerId, account, 'bank_account_status_update', {
    event_name: 'bank_account_status_update',
    merchantId: account.companyId,
    bankAccountId: account.id,
    status: groupDStatus(account.status),
    connection_type: account.creationType === 'data_api' ? 'data_api' : 'manual',
  });
}

/** The consent reached a reminder point (`account.bankConsentExpired`): group B's `reconsent-notification`. */
export async function recordReconsentNotification(deps: Deps, account: BankAccount): Promise<void> {
  const partnerId = await owningPartner(deps, account.companyId);
  await recordBankAccountEvent(deps, partnerId, account, 'reconsent-notification', {
    eventScope: 'bank-accounts',
    eventName: 'reconsent-notification',
    ...bankAccountEventFields(account),
  });
}
