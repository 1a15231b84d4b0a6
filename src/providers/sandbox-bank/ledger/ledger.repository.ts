// The sandbox bank's ledger in the database: customers, accounts and booked transactions.
import type { Db } from '../../../store/database.js';
import type {
  SandboxAccountTable,
  SandboxCustomerTable,
  SandboxTransactionTable,
} from '../sandbox-bank.row.js';

export async function findCustomer(db: Db, id: string): Promise<SandboxCustomerTable | undefined> {
  return db.selectFrom('sandbox_bank_customers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listCustomers(db: Db, kind?: string): Promise<SandboxCustomerTable[]> {
  let query = db.selectFrom('sandbox_bank_customers').selectAll();
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('created_at').orderBy('id').execute();
}

export async function insertCustomer(db: Db, row: SandboxCustomerTable): Promise<void> {
  await db.insertInto('sandbox_bank_customers').values(row).execute();
}

export async function findAccount(db: Db, id: string): Promise<SandboxAccountTable | undefined> {
  return db.selectFrom('sandbox_bank_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findAccountByNumber(
  db: Db,
  sortCode: string,
  accountNumber: string,
): Promise<SandboxAccountTable | undefined> {
  return db
    .selectFrom('sandbox_bank_accounts')
    .selectAll()
    .where('sort_code', '=', sortCode)
    .where('account_number', '=', accountNumber)
    .executeTakeFirst();
}

export async function accountsOfCustomer(db: Db, customerId: string): Promise<SandboxAccountTable[]> {
  return db
    .selectFrom('sandbox_bank_accounts')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function accountsByIds(db: Db, ids: string[]): Promise<SandboxAccountTable[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('sandbox_bank_accounts').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

export async function listAccounts(db: Db): Promise<SandboxAccountTable[]> {
  return db.selectFrom('sandbox_bank_accounts').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function insertAccount(db: Db, row: SandboxAccountTable): Promise<void> {
  await db.insertInto('sandbox_bank_accounts').values(row).execute();
}

export async function insertTransaction(db: Db, row: SandboxTransactionTable): Promise<void> {
  await db.insertInto('sandbox_bank_transactions').values(row).execute();
}

/** Booked transactions of an account in [from, to] on the given sides (Credit, Debit), oldest first. */
export async function transactionsOf(
  db: Db,
  accountId: string,
  range: { from: string | null; to: string | null; sides: string[]; offset: number; limit: number },
): Promise<{ rows: SandboxTransactionTable[]; total: number }> {
  if (range.sides.length === 0) return { rows: [], total: 0 };
  let base = db
    .selectFrom('sandbox_bank_transactions')
    .where('account_id', '=', accountId)
    .where('credit_debit', 'in', range.sides);
  if (range.from) base = base.where('booked_at', '>=', range.from);
  if (range.to) base = base.where('booked_at', '<=', range.to);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('booked_at')
      .orderBy('created_at')
      .orderBy('id')
      .limit(range.limit)
      .offset(range.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
