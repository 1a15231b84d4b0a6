// The sandbox bank's side of the wire format: OB amounts and account identifications in and out,
// checked as a bank checks them.
import { formatAmount, type Pence } from '../../../domain/money.js';
import { type ObAccount, type ObAmount, SORT_CODE_SCHEME } from '../../open-banking/ob-wire.js';
import type { SandboxAccountTable } from '../sandbox-bank.row.js';
import { badRequest } from './errors.js';

export const obAmountOf = (pence: Pence): ObAmount => ({ Amount: formatAmount(pence), Currency: 'GBP' });

/** A positive GBP amount in whole pence, or a 400 naming the field. */
export function penceIn(amount: ObAmount, path: string): Pence {
  if (amount.Currency !== 'GBP') {
    throw badRequest('UK.OBIE.Unsupported.Currency', `${path}.Currency must be GBP`, `${path}.Currency`);
  }
  const match = /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec(amount.Amount);
  const decimals = (match?.[2] ?? '').padEnd(5, '0');
  if (!match || !/^\d\d000$/.test(decimals)) {
    throw badRequest('UK.OBIE.Field.Invalid', `${path}.Amount must be in whole pence`, `${path}.Amount`);
  }
  const pence = Number(match[1]) * 100 + Number(decimals.slice(0, 2));
  if (pence <= 0 || !Number.isSafeInteger(pence)) {
    throw badRequest('UK.OBIE.Field.Invalid', `${path}.Amount must be more than 0`, `${path}.Amount`);
  }
  return pence;
}

export interface AccountNumbers {
  sortCode: string;
  accountNumber: string;
  name: string | null;
}

/** A sort code and account number (the only scheme a UK domestic payment here can reach). */
export function accountIn(account: ObAccount, path: string): AccountNumbers {
  if (account.SchemeName !== SORT_CODE_SCHEME) {
    throw badRequest(
      'UK.OBIE.Unsupported.AccountIdentifier',
      `${path}.SchemeName must be ${SORT_CODE_SCHEME}`,
      `${path}.SchemeName`,
    );
  }
  if (!/^[0-9]{14}$/.test(account.Identification)) {
    throw badRequest(
      'UK.OBIE.Field.Invalid',
      `${path}.Identification must be a 6-digit sort code followed by an 8-digit account number`,
      `${path}.Identification`,
    );
  }
  return {
    sortCode: account.Identification.slice(0, 6),
    accountNumber: account.Identification.slice(6),
    name: account.Name ?? null,
  };
}

export function obAccountOf(row: Pick<SandboxAccountTable, 'sort_code' | 'account_number' | 'name'>) {
  return {
    SchemeName: SORT_CODE_SCHEME,
    Identification: `${row.sort_code}${row.account_number}`,
    Name: row.name.slice(0, 350),
  };
}

/** ISO 8601 with milliseconds and Z (the spec's date-time with a time zone). */
export const obDateTime = (iso: string) => new Date(iso).toISOString();
