// A company's transactions in the portal: a page of them, and the CSV export of every transaction the
// partner API lists for the company with no filter, newest first, one row each with the API's values.
import type { Deps } from '../../context.js';
import type { Page, PageRequest } from '../../store/paging.js';
import { formatAmount } from '../money.js';
import type { Transaction } from '../transactions/transaction.js';
import { listTransactions } from '../transactions/transaction.service.js';
import { portalCompany } from './portal-companies.service.js';
import type { PortalUser } from './portal-user.js';

export const CSV_COLUMNS = [
  'id',
  'createdAt',
  'completedAt',
  'status',
  'direction',
  'amount',
  'reference',
  'parentEntityType',
  'parentEntityId',
  'externalRef',
  'integration',
] as const;

/** Quoted when needed; a leading =, +, - or @ is neutralised so that spreadsheets never run it. */
function cell(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function row(t: Transaction): string {
  return [
    t.id,
    t.createdAt,
    t.completedAt,
    t.status,
    t.direction,
    formatAmount(t.amountPence),
    t.reference,
    t.parentType,
    t.parentId,
    t.externalRef,
    t.integrationId,
  ]
    .map(cell)
    .join(',');
}

/** One page of the company's transactions, as the partner API lists them (the portal's HTML page). */
export async function companyTransactions(
  deps: Deps,
  user: PortalUser,
  companyId: string,
  request: PageRequest,
): Promise<Page<Transaction>> {
  const company = await portalCompany(deps, user, companyId);
  return listTransactions(deps, { companyId: company.id }, request);
}

/**
 * The CSV export, a page of 100 rows at a time: the company is checked first (a 404 before anything is
 * sent), then the file streams, so a company with millions of transactions never sits in the heap
 * (npm start caps it at 512 MB).
 */
export async function transactionsCsv(
  deps: Deps,
  user: PortalUser,
  companyId: string,
): Promise<AsyncIterable<string>> {
  const company = await portalCompany(deps, user, companyId);
  return (async function* () {
    yield `${CSV_COLUMNS.join(',')}\r\n`;
    for (let page = 1; ; page++) {
      const found = await listTransactions(deps, { companyId: company.id }, { page, limit: 100 });
      if (found.docs.length > 0) yield `${found.docs.map(row).join('\r\n')}\r\n`;
      if (page * 100 >= found.totalDocs) break;
    }
  })();
}
