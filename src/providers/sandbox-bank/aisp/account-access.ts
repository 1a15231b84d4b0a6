// Account-access consents of the sandbox bank and what they let a client read: the customer's accounts,
// balances and booked transactions (OBReadConsentResponse1, OBReadAccount6, OBReadBalance1,
// OBReadTransaction6).
import type { Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { newId } from '../../../domain/ids.js';
import { findClientConsent, insertConsent } from '../consents.repository.js';
import { accountsByIds, findCustomer } from '../ledger/ledger.repository.js';
import { badRequest, forbidden, resourceNotFound } from '../ob/errors.js';
import { obAccountOf, obAmountOf, obDateTime } from '../ob/format.js';
import { consentTokenOf } from '../ob/guard.js';
import type { AccessConsentBody } from '../ob/schemas.js';
import type { SandboxBank } from '../sandbox-bank.js';
import type { SandboxAccountTable, SandboxConsentTable } from '../sandbox-bank.row.js';

type AccessData = Static<typeof AccessConsentBody>['Data'];

const has = (permissions: readonly string[], ...any: string[]) => any.some((p) => permissions.includes(p));

export async function createAccessConsent(
  bank: SandboxBank,
  clientId: string,
  body: Static<typeof AccessConsentBody>,
): Promise<string> {
  const { Permissions, ExpirationDateTime, TransactionFromDateTime, TransactionToDateTime } = body.Data;
  const reads = has(Permissions, 'ReadTransactionsBasic', 'ReadTransactionsDetail');
  const sides = has(Permissions, 'ReadTransactionsCredits', 'ReadTransactionsDebits');
  if (reads !== sides) {
    throw badRequest(
      'UK.OBIE.Field.Invalid',
      'Data.Permissions: ReadTransactionsBasic or Detail goes with ReadTransactionsCredits or Debits, and the other way round',
      'Data.Permissions',
    );
  }
  const now = bank.clock.now();
  if (ExpirationDateTime && new Date(ExpirationDateTime).getTime() <= now.getTime()) {
    throw badRequest(
      'UK.OBIE.Field.InvalidDate',
      'Data.ExpirationDateTime is in the past',
      'Data.ExpirationDateTime',
    );
  }
  if (TransactionFromDateTime && TransactionToDateTime && TransactionFromDateTime > TransactionToDateTime) {
    throw badRequest(
      'UK.OBIE.Field.InvalidDate',
      'Data.TransactionFromDateTime is after TransactionToDateTime',
      'Data.TransactionFromDateTime',
    );
  }
  const id = newId();
  await insertConsent(bank.db, {
    id,
    kind: 'account-access',
    client_id: clientId,
    status: 'AwaitingAuthorisation',
    data: JSON.stringify(body.Data),
    risk: '{}',
    customer_id: null,
    debtor_account_id: null,
    account_ids: null,
    expires_at: ExpirationDateTime ? new Date(ExpirationDateTime).toISOString() : null,
    created_at: now.toISOString(),
    status_updated_at: now.toISOString(),
  });
  return id;
}

export async function findAccessConsent(bank: SandboxBank, clientId: string, consentId: string) {
  const consent = await findClientConsent(bank.db, consentId, 'account-access', clientId);
  if (!consent) throw resourceNotFound('consent', 'ConsentId');
  return consent;
}

export function accessConsentView(bank: SandboxBank, consent: SandboxConsentTable) {
  const data = JSON.parse(consent.data) as AccessData;
  return {
    Data: {
      ConsentId: consent.id,
      CreationDateTime: obDateTime(consent.created_at),
      Status: consent.status,
      StatusUpdateDateTime: obDateTime(consent.status_updated_at),
      Permissions: data.Permissions,
      ...(consent.expires_at ? { ExpirationDateTime: obDateTime(consent.expires_at) } : {}),
      ...(data.TransactionFromDateTime ? { TransactionFromDateTime: data.TransactionFromDateTime } : {}),
      ...(data.TransactionToDateTime ? { TransactionToDateTime: data.TransactionToDateTime } : {}),
    },
    Risk: {},
    Links: { Self: `${bank.options.apiUrl}/open-banking/v3.1/aisp/account-access-consents/${consent.id}` },
    Meta: {},
  };
}

export interface Access {
  consent: SandboxConsentTable;
  permissions: string[];
  data: AccessData;
  accounts: SandboxAccountTable[];
  business: boolean;
}

/** The authorised, unexpired consent behind the customer's token, with the accounts it grants. */
export async function accessOf(bank: SandboxBank, request: FastifyRequest): Promise<Access> {
  const { consent } = await consentTokenOf(bank, request, 'accounts');
  if (consent.kind !== 'account-access' || consent.status !== 'Authorised') {
    throw forbidden('UK.OBIE.Resource.InvalidConsentStatus', `the consent is ${consent.status}`);
  }
  if (consent.expires_at !== null && consent.expires_at <= bank.clock.now().toISOString()) {
    throw forbidden('UK.OBIE.Resource.InvalidConsentStatus', 'the consent has expired');
  }
  const data = JSON.parse(consent.data) as AccessData;
  const ids = JSON.parse(consent.account_ids ?? '[]') as string[];
  const customer = consent.customer_id ? await findCustomer(bank.db, consent.customer_id) : undefined;
  return {
    consent,
    permissions: data.Permissions,
    data,
    accounts: await accountsByIds(bank.db, ids),
    business: customer?.kind === 'business',
  };
}

export function requirePermission(access: Access, ...any: string[]): void {
  if (!has(access.permissions, ...any)) {
    throw forbidden('UK.OBIE.Resource.ConsentMismatch', `the consent does not grant ${any.join(' or ')}`);
  }
}

export function grantedAccount(access: Access, accountId: string): SandboxAccountTable {
  const account = access.accounts.find((a) => a.id === accountId);
  if (!account)
    throw forbidden('UK.OBIE.Resource.ConsentMismatch', 'the consent does not cover this AccountId');
  return account;
}

export function accountView(access: Access, account: SandboxAccountTable) {
  return {
    AccountId: account.id,
    Currency: account.currency,
    AccountType: access.business ? 'Business' : 'Personal',
    AccountSubType: 'CurrentAccount',
    Nickname: account.name.slice(0, 70),
    Status: 'Enabled',
    ...(has(access.permissions, 'ReadAccountsDetail') ? { Account: [obAccountOf(account)] } : {}),
  };
}

export function balancesView(bank: SandboxBank, account: SandboxAccountTable) {
  const at = bank.clock.now().toISOString();
  const amount = { ...obAmountOf(Math.abs(account.balance)) };
  const indicator = account.balance < 0 ? 'Debit' : 'Credit';
  return {
    Data: {
      Balance: ['InterimAvailable', 'InterimBooked'].map((Type) => ({
        AccountId: account.id,
        Amount: amount,
        CreditDebitIndicator: indicator,
        Type,
        DateTime: at,
      })),
    },
    Links: { Self: `${bank.options.apiUrl}/open-banking/v3.1/aisp/accounts/${account.id}/balances` },
    Meta: {},
  };
}
