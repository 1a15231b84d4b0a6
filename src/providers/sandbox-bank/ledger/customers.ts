// Customers and accounts of the sandbox bank: made through the sandbox controls, seeded on first start,
// or opened by a credit to an account the bank did not hold yet.
import { randomInt } from 'node:crypto';
import { DomainError } from '../../../domain/errors.js';
import { newId } from '../../../domain/ids.js';
import type { Pence } from '../../../domain/money.js';
import type { SandboxBankDeps } from '../sandbox-bank.js';
import type { SandboxAccountTable, SandboxCustomerTable } from '../sandbox-bank.row.js';
import { inTransaction, isUniqueViolation } from '../store.js';
import {
  findAccountByNumber,
  insertAccount,
  insertCustomer,
  insertTransaction,
} from './ledger.repository.js';

/** The sandbox bank's own sort code, for accounts made without one. */
export const SANDBOX_SORT_CODE = '990001';

export interface NewAccount {
  name?: string;
  sortCode?: string;
  accountNumber?: string;
  /** Opening balance, booked as a credit. */
  balance: Pence;
}

export interface CustomerWithAccounts {
  customer: SandboxCustomerTable;
  accounts: SandboxAccountTable[];
}

async function freeAccountNumber(bank: SandboxBankDeps, sortCode: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const candidate = String(randomInt(10_000_000, 100_000_000));
    if (!(await findAccountByNumber(bank.db, sortCode, candidate))) return candidate;
  }
  throw new DomainError('invalid_state', `no free account number left under sort code ${sortCode}`);
}

/** A new account with its opening balance booked; inside the caller's transaction. */
export async function addAccount(
  bank: SandboxBankDeps,
  customer: SandboxCustomerTable,
  input: NewAccount,
  id: string = newId(),
): Promise<SandboxAccountTable> {
  const now = bank.clock.now().toISOString();
  const sortCode = input.sortCode ?? SANDBOX_SORT_CODE;
  const accountNumber = input.accountNumber ?? (await freeAccountNumber(bank, sortCode));
  if (await findAccountByNumber(bank.db, sortCode, accountNumber)) {
    throw new DomainError(
      'invalid_state',
      `the sandbox bank already holds account ${sortCode} ${accountNumber}`,
    );
  }
  const account: SandboxAccountTable = {
    id,
    customer_id: customer.id,
    sort_code: sortCode,
    account_number: accountNumber,
    name: input.name ?? customer.name,
    currency: 'GBP',
    balance: input.balance,
    created_at: now,
  };
  await insertAccount(bank.db, account);
  if (input.balance > 0) {
    await insertTransaction(bank.db, {
      id: newId(),
      account_id: account.id,
      credit_debit: 'Credit',
      amount: input.balance,
      balance_after: input.balance,
      booked_at: now,
      reference: null,
      information: 'Opening balance',
      counterparty_name: null,
      counterparty_sort_code: null,
      counterparty_account_number: null,
      payment_id: null,
      created_at: now,
    });
  }
  return account;
}

export async function createCustomer(
  bank: SandboxBankDeps,
  input: { name: string; kind?: 'personal' | 'business'; accounts: NewAccount[] },
): Promise<CustomerWithAccounts> {
  try {
    return await inTransaction(bank.db, async (db) => {
      const scoped = { ...bank, db };
      const customer: SandboxCustomerTable = {
        id: newId(),
        name: input.name,
        kind: input.kind ?? 'personal',
        created_at: bank.clock.now().toISOString(),
      };
      await insertCustomer(db, customer);
      const accounts: SandboxAccountTable[] = [];
      for (const account of input.accounts) accounts.push(await addAccount(scoped, customer, account));
      return { customer, accounts };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new DomainError('invalid_state', 'that sort code and account number are taken');
    throw err;
  }
}

/** Opens an empty account for a payee the bank did not hold, under a new business customer. */
export async function openAccount(
  bank: SandboxBankDeps,
  payee: { sortCode: string; accountNumber: string; name: string },
): Promise<SandboxAccountTable> {
  const customer: SandboxCustomerTable = {
    id: newId(),
    name: payee.name,
    kind: 'business',
    created_at: bank.clock.now().toISOString(),
  };
  await insertCustomer(bank.db, customer);
  return addAccount(bank, customer, {
    name: payee.name,
    sortCode: payee.sortCode,
    accountNumber: payee.accountNumber,
    balance: 0,
  });
}
