// Booked transactions of an account, by booking date (fromBookingDateTime / toBookingDateTime, timezone
// ignored as the specification says), oldest first, paged with Links.Next.

import { SORT_CODE_SCHEME } from '../../open-banking/ob-wire.js';
import { transactionsOf } from '../ledger/ledger.repository.js';
import { badRequest } from '../ob/errors.js';
import { obAmountOf, obDateTime } from '../ob/format.js';
import type { SandboxBank } from '../sandbox-bank.js';
import type { SandboxAccountTable, SandboxTransactionTable } from '../sandbox-bank.row.js';
import { type Access, requirePermission } from './account-access.js';

export const PAGE_SIZE = 100;

/** A booking date-time filter as UTC ISO, or null when absent; a 400 when unreadable. */
export function bookingDateOf(value: string | undefined, name: string, endOfDay: boolean): string | null {
  if (value === undefined || value === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?))?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(
    value,
  );
  const time = m?.[2]
    ? m[2].length === 5
      ? `${m[2]}:00`
      : m[2]
    : endOfDay && m && !m[2]
      ? '23:59:59.999'
      : '00:00:00';
  const date = m ? new Date(`${m[1]}T${time}Z`) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    throw badRequest('UK.OBIE.Field.InvalidDate', `${name} must be an ISO 8601 date-time`, name);
  }
  return date.toISOString();
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

function transactionView(access: Access, tx: SandboxTransactionTable) {
  const detail = access.permissions.includes('ReadTransactionsDetail');
  const counterparty =
    tx.counterparty_sort_code && tx.counterparty_account_number
      ? {
          SchemeName: SORT_CODE_SCHEME,
          Identification: `${tx.counterparty_sort_code}${tx.counterparty_account_number}`,
          ...(tx.counterparty_name ? { Name: tx.counterparty_name.slice(0, 350) } : {}),
        }
      : undefined;
  return {
    AccountId: tx.account_id,
    TransactionId: tx.id,
    ...(tx.reference ? { TransactionReference: tx.reference } : {}),
    CreditDebitIndicator: tx.credit_debit,
    Status: 'Booked',
    BookingDateTime: obDateTime(tx.booked_at),
    ValueDateTime: obDateTime(tx.booked_at),
    Amount: obAmountOf(Number(tx.amount)),
    ...(detail
      ? {
          TransactionInformation: tx.information.slice(0, 500),
          Balance: {
            Amount: obAmountOf(Math.abs(Number(tx.balance_after))),
            CreditDebitIndicator: Number(tx.balance_after) < 0 ? 'Debit' : 'Credit',
            Type: 'InterimBooked',
          },
          ...(counterparty
            ? { [tx.credit_debit === 'Debit' ? 'CreditorAccount' : 'DebtorAccount']: counterparty }
            : {}),
        }
      : {}),
  };
}

export async function transactionsView(
  bank: SandboxBank,
  access: Access,
  account: SandboxAccountTable,
  query: { fromBookingDateTime?: string; toBookingDateTime?: string; page?: number },
) {
  requirePermission(access, 'ReadTransactionsBasic', 'ReadTransactionsDetail');
  const credits = access.permissions.includes('ReadTransactionsCredits');
  const debits = access.permissions.includes('ReadTransactionsDebits');
  const from = later(
    bookingDateOf(query.fromBookingDateTime, 'fromBookingDateTime', false),
    bookingDateOf(access.data.TransactionFromDateTime, 'TransactionFromDateTime', false),
  );
  const to = earlier(
    bookingDateOf(query.toBookingDateTime, 'toBookingDateTime', true),
    bookingDateOf(access.data.TransactionToDateTime, 'TransactionToDateTime', true),
  );
  const page = query.page ?? 1;
  const { rows, total } = await transactionsOf(bank.db, account.id, {
    from,
    to,
    sides: [...(credits ? ['Credit'] : []), ...(debits ? ['Debit'] : [])],
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const link = (n: number) => {
    const params = new URLSearchParams();
    if (query.fromBookingDateTime) params.set('fromBookingDateTime', query.fromBookingDateTime);
    if (query.toBookingDateTime) params.set('toBookingDateTime', query.toBookingDateTime);
    if (n > 1) params.set('page', String(n));
    const search = params.toString();
    return `${bank.options.apiUrl}/open-banking/v3.1/aisp/accounts/${account.id}/transactions${search ? `?${search}` : ''}`;
  };
  return {
    Data: { Transaction: rows.map((tx) => transactionView(access, tx)) },
    Links: {
      Self: link(page),
      First: link(1),
      Last: link(totalPages),
      ...(page < totalPages ? { Next: link(page + 1) } : {}),
      ...(page > 1 ? { Prev: link(page - 1) } : {}),
    },
    Meta: { TotalPages: totalPages },
  };
}
