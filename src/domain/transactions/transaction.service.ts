// Transactions are opened when the bank takes a payment and closed when it settles or rejects it.
// Always called inside the transaction of the payment change they belong to.
import type { Deps } from '../../context.js';
import type { Page, PageRequest } from '../../store/paging.js';
import { notFound } from '../errors.js';
import { isId, newId } from '../ids.js';
import type { NewTransaction, ParentType, Transaction } from './transaction.js';
import * as repo from './transaction.repository.js';

export async function openTransaction(deps: Deps, input: NewTransaction): Promise<Transaction> {
  const row = {
    id: newId(),
    company_id: input.companyId,
    integration_id: input.integrationId,
    parent_type: input.parentType,
    parent_id: input.parentId,
    direction: input.direction,
    status: 'pending',
    amount: input.amountPence,
    reference: input.reference,
    external_ref: input.externalRef,
    is_sandbox: input.isSandbox ? 1 : 0,
    data_api_check_status: input.dataApiCheckStatus,
    last_data_api_check_at: null,
    created_at: deps.clock.now().toISOString(),
    completed_at: null,
  };
  await repo.insertTransaction(deps.db, row);
  return repo.toTransaction(row);
}

export async function completeTransaction(deps: Deps, id: string): Promise<void> {
  await repo.setTransactionStatus(deps.db, id, 'completed', { completed_at: deps.clock.now().toISOString() });
}

export async function rejectTransaction(deps: Deps, id: string): Promise<void> {
  await repo.setTransactionStatus(deps.db, id, 'rejected');
}

export async function transactionByExternalRef(
  deps: Deps,
  externalRef: string,
): Promise<Transaction | undefined> {
  return repo.findByExternalRef(deps.db, externalRef);
}

export async function transactionsOf(
  deps: Deps,
  parentType: ParentType,
  parentId: string,
): Promise<Transaction[]> {
  return repo.listByParent(deps.db, parentType, parentId);
}

export async function getTransaction(deps: Deps, companyId: string, id: string): Promise<Transaction> {
  const found = isId(id) ? await repo.findTransaction(deps.db, companyId, id) : undefined;
  if (!found) throw notFound('transaction');
  return found;
}

export async function listTransactions(
  deps: Deps,
  filter: repo.TransactionFilter,
  request: PageRequest,
): Promise<Page<Transaction>> {
  return repo.pageTransactions(deps.db, filter, request);
}

/** Spec 4.D's statistic: what a company received (incoming, completed) in the completion window. */
export interface ReceivedTotal {
  totalPence: number;
  count: number;
}

/**
 * Counts money received only: refunds paid out (outgoing) are not subtracted, and a payment refunded
 * later still counts, as its incoming transaction did complete.
 */
export async function receivedTotal(deps: Deps, window: repo.CompletedWindow): Promise<ReceivedTotal> {
  return repo.sumCompletedIncoming(deps.db, window);
}
