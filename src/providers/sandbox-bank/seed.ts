// Demo customers with funds, made on the bank's first start. Fixed ids and insert-or-ignore, so that
// several processes starting on one database seed it once.

import { SANDBOX_SORT_CODE } from './ledger/customers.js';
import type { PaymentBehaviour } from './pisp/behaviours.js';
import type { SandboxBankDeps } from './sandbox-bank.js';
import { inTransaction } from './store.js';

interface DemoAccount {
  id: string;
  accountNumber: string;
  name: string;
  balance: number;
}

interface DemoCustomer {
  id: string;
  name: string;
  accounts: DemoAccount[];
  /** How the bank answers this customer's payments (API.md 9.1); default `settles`. */
  behaviour?: PaymentBehaviour;
  /**
   * Where this customer's statement puts a credit's payment reference: `TransactionReference` (the
   * default), or `TransactionInformation` with the Faster Payments id in `TransactionReference`, as
   * some banks do.
   */
  creditsShowFpsId?: boolean;
}

/** The customer who approves when nobody is named (API.md 9.1). */
export const DEFAULT_CUSTOMER_ID = 'd3e0c0000000000000000001';

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    id: DEFAULT_CUSTOMER_ID,
    name: 'Alice Smith',
    accounts: [
      { id: 'd3e0a0000000000000000001', accountNumber: '10000001', name: 'Alice Smith', balance: 1_000_000 },
    ],
  },
  {
    id: 'd3e0c0000000000000000002',
    name: 'Bob Jones',
    behaviour: 'credit-settles',
    creditsShowFpsId: true,
    accounts: [
      { id: 'd3e0a0000000000000000002', accountNumber: '10000002', name: 'Bob Jones', balance: 250_000 },
      {
        id: 'd3e0a0000000000000000003',
        accountNumber: '10000003',
        name: 'Bob Jones Savings',
        balance: 2_000_000,
      },
    ],
  },
  {
    id: 'd3e0c0000000000000000003',
    name: 'Carol Lowe',
    accounts: [
      { id: 'd3e0a0000000000000000004', accountNumber: '10000004', name: 'Carol Lowe', balance: 500 },
    ],
  },
  {
    id: 'd3e0c0000000000000000004',
    name: 'Dan Pending',
    behaviour: 'pending-first',
    accounts: [
      { id: 'd3e0a0000000000000000005', accountNumber: '10000005', name: 'Dan Pending', balance: 1_000_000 },
    ],
  },
  {
    id: 'd3e0c0000000000000000005',
    name: 'Erin Late',
    behaviour: 'rejects-late',
    accounts: [
      { id: 'd3e0a0000000000000000006', accountNumber: '10000006', name: 'Erin Late', balance: 1_000_000 },
    ],
  },
];

/** Whether the customer's statement shows the Faster Payments id as a credit's TransactionReference. */
export function creditsShowFpsId(customerId: string): boolean {
  return DEMO_CUSTOMERS.find((c) => c.id === customerId)?.creditsShowFpsId === true;
}

/** How the bank answers a customer's payments (`settles` for customers made otherwise). */
export function behaviourOf(customerId: string): PaymentBehaviour {
  return DEMO_CUSTOMERS.find((c) => c.id === customerId)?.behaviour ?? 'settles';
}

export async function seedDemoCustomers(bank: SandboxBankDeps): Promise<void> {
  const existing = await bank.db
    .selectFrom('sandbox_bank_customers')
    .select('id')
    // The last one: a database seeded before later demo customers were added gets them too.
    .where('id', '=', DEMO_CUSTOMERS.at(-1)?.id ?? DEFAULT_CUSTOMER_ID)
    .executeTakeFirst();
  if (existing) return;
  const now = bank.clock.now().toISOString();
  await inTransaction(bank.db, async (db) => {
    for (const customer of DEMO_CUSTOMERS) {
      await db
        .insertInto('sandbox_bank_customers')
        .values({ id: customer.id, name: customer.name, kind: 'personal', created_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      for (const account of customer.accounts) {
        const inserted = await db
          .insertInto('sandbox_bank_accounts')
          .values({
            id: account.id,
            customer_id: customer.id,
            sort_code: SANDBOX_SORT_CODE,
            account_number: account.accountNumber,
            name: account.name,
            currency: 'GBP',
            balance: account.balance,
            created_at: now,
          })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
        await db
          .insertInto('sandbox_bank_transactions')
          .values({
            id: `d3e0b${account.id.slice(5)}`,
            account_id: account.id,
            credit_debit: 'Credit',
            amount: account.balance,
            balance_after: account.balance,
            booked_at: now,
            reference: null,
            information: 'Opening balance',
            counterparty_name: null,
            counterparty_sort_code: null,
            counterparty_account_number: null,
            payment_id: null,
            created_at: now,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
  });
}
