// The account a customer paid from, as a payment resource shows it: Debtor, and Refund when the client
// asked to read the refund account (ReadRefundAccount: Yes), so that a refund can go back to it.
import { findAccount } from '../ledger/ledger.repository.js';
import { obAccountOf } from '../ob/format.js';
import type { SandboxBank } from '../sandbox-bank.js';

type ObAccountView = ReturnType<typeof obAccountOf>;

export async function debtorParts(
  bank: SandboxBank,
  accountId: string | null,
  readRefundAccount: string | undefined,
): Promise<{ Debtor?: ObAccountView; Refund?: { Account: ObAccountView } }> {
  const account = accountId ? await findAccount(bank.db, accountId) : undefined;
  if (!account) return {};
  const ob = obAccountOf(account);
  return { Debtor: ob, ...(readRefundAccount === 'Yes' ? { Refund: { Account: ob } } : {}) };
}
