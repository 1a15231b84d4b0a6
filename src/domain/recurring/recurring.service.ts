// Recurring payments: create, send, edit, delete, cancel, read. Shared by groups A and D; the groups
// differ only in scope (an integration's recurring payments or a company's) and in response forms.
import type { Deps } from '../../context.js';
import type { Page, PageRequest } from '../../store/paging.js';
import { withTransaction } from '../../store/transaction.js';
import { DomainError, notFound } from '../errors.js';
import { isId, newId, newToken } from '../ids.js';
import { releaseAuthorisations, termsChange } from '../payments/open-authorisations.js';
import type { Payment } from '../payments/payment.js';
import { insertPayment, softDeletePayment } from '../payments/payment.repository.js';
import { movePayment } from '../payments/payment.service.js';
import { recordPaymentChange } from '../payments/payment-history.js';
import { canMove as canMovePayment } from '../payments/payment-status.js';
import { londonDay } from '../working-days.js';
import type {
  RecurringAction,
  RecurringInput,
  RecurringItem,
  RecurringPayment,
  RecurringScope,
  RecurringTarget,
} from './recurring.js';
import * as repo from './recurring.repository.js';
import { recordRecurringChange } from './recurring-history.js';
import {
  type CheckedRecurring,
  checkRecurringInput,
  earliestFirstPaymentDay,
  NOTICE_WORKING_DAYS,
} from './recurring-input.js';
import { closeOpenItems, writeSchedule } from './recurring-items.js';
import { queueCancellationEmail, queueRecurringRequestEmail } from './recurring-mail.js';
import { assertTransition, type RecurringMove } from './recurring-status.js';
import type { Receiving } from './recurring-target.js';
import { receivingAccount } from './recurring-target.js';
import { releaseStandingOrderAuthorisations } from './standing-order-terms.js';

export type { RecurringScope, RecurringTarget } from './recurring.js';

/** A recurring payment with what its forms show besides itself. */
export interface RecurringDetails {
  recurring: RecurringPayment;
  initialPayment: Payment | null;
  actions: RecurringAction[];
}

/** Moves a recurring payment, records the snapshot (and the webhook from `sent` on). In the caller's transaction. */
export async function moveRecurring(
  deps: Deps,
  recurring: RecurringPayment,
  move: RecurringMove,
  patch: Partial<RecurringPayment> = {},
): Promise<RecurringPayment> {
  const status = assertTransition(recurring.status, move);
  const moved: RecurringPayment = {
    ...recurring,
    ...patch,
    status,
    updatedAt: deps.clock.now().toISOString(),
  };
  await repo.updateRecurring(deps.db, moved);
  await recordRecurringChange(deps, moved, move, { statusChanged: status !== recurring.status });
  return moved;
}

export async function detailsOf(deps: Deps, recurring: RecurringPayment): Promise<RecurringDetails> {
  const [initialPayment, actions] = await Promise.all([
    repo.findInitialPayment(deps.db, recurring.id),
    repo.listActions(deps.db, recurring.id),
  ]);
  return { recurring, initialPayment: initialPayment ?? null, actions };
}

function newInitialPayment(
  recurring: RecurringPayment,
  amountPence: number,
  receiving: Receiving,
  now: string,
): Payment {
  return {
    id: newId(),
    companyId: recurring.companyId,
    integrationId: recurring.integrationId,
    bankAccountId: recurring.bankAccountId,
    status: 'draft',
    invoiceRefNumber: recurring.reference,
    amountPence,
    currency: 'GBP',
    customerName: recurring.customerName,
    customerEmail: recurring.customerEmail,
    customerEmailCC: recurring.customerEmailCC,
    dueDate: null,
    attachmentUrl: null,
    customRedirectUrl: null,
    type: 'link',
    dataApiCheckStatus: receiving.dataApi ? 'pending_payment' : 'not_applicable',
    lastDataApiCheckAt: null,
    // Paid through the recurring payment's own link, never a link of its own.
    linkToken: null,
    refundedPence: 0,
    payerAccount: null,
    isSandbox: receiving.isSandbox,
    recurringPaymentId: recurring.id,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
}

async function addInitialPayment(
  deps: Deps,
  recurring: RecurringPayment,
  amountPence: number,
  receiving: Receiving,
): Promise<Payment> {
  const payment = newInitialPayment(recurring, amountPence, receiving, deps.clock.now().toISOString());
  await insertPayment(deps.db, payment);
  await recordPaymentChange(deps, payment, 'create', { statusChanged: false });
  return payment;
}

/** The link, the e-mail and the webhook; the initial payment is sent along. In the caller's transaction. */
async function send(deps: Deps, recurring: RecurringPayment): Promise<RecurringPayment> {
  const earliest = earliestFirstPaymentDay(deps.clock.now());
  if (londonDay(new Date(recurring.firstPaymentDate)) < earliest) {
    throw new DomainError(
      'invalid_state',
      `the first payment date ${recurring.firstPaymentDate.slice(0, 10)} is less than ${NOTICE_WORKING_DAYS} working days away: edit it to ${earliest} or later first`,
    );
  }
  let initial = (await repo.findInitialPayment(deps.db, recurring.id, deps.engine)) ?? null;
  if (initial && initial.status === 'draft') initial = await movePayment(deps, initial, 'process');
  const sent = await moveRecurring(deps, recurring, 'send', { linkToken: recurring.linkToken ?? newToken() });
  await queueRecurringRequestEmail(deps, sent, initial);
  return sent;
}

function fieldsOf(input: RecurringInput, checked: CheckedRecurring) {
  return {
    reference: input.reference,
    amountPence: checked.amountPence,
    firstPaymentDate: checked.firstPaymentDate,
    numberOfPayments: input.numberOfPayments,
    frequency: input.frequency,
    customerName: input.customerName ?? null,
    customerEmail: checked.customerEmail,
    customerEmailCC: checked.customerEmailCC,
  };
}

export async function createRecurring(
  deps: Deps,
  target: RecurringTarget,
  input: RecurringInput,
  options: { send: boolean },
): Promise<RecurringDetails> {
  const checked = checkRecurringInput(deps.config, deps.clock.now(), input);
  const receiving = await receivingAccount(deps, target);
  const now = deps.clock.now().toISOString();
  const recurring: RecurringPayment = {
    id: newId(),
    companyId: target.companyId,
    integrationId: target.integrationId,
    bankAccountId: receiving.bankAccountId,
    status: 'draft',
    currency: 'GBP',
    linkToken: null,
    isSandbox: receiving.isSandbox,
    provider: null,
    standingOrderId: null,
    lastCheckedAt: null,
    createdAt: now,
    updatedAt: now,
    ...fieldsOf(input, checked),
  };
  const created = await withTransaction(deps, async (tx) => {
    await repo.insertRecurring(tx.db, recurring);
    await writeSchedule(tx, recurring);
    if (checked.initialPence !== null)
      await addInitialPayment(tx, recurring, checked.initialPence, receiving);
    await recordRecurringChange(tx, recurring, 'create', { statusChanged: false });
    return options.send ? send(tx, recurring) : recurring;
  });
  return detailsOf(deps, created);
}

/** Loads the recurring payment in scope, locked for the transaction (PostgreSQL), or a 404. */
export async function lockedRecurring(
  deps: Deps,
  scope: RecurringScope,
  id: string,
): Promise<RecurringPayment> {
  const recurring = isId(id) ? await repo.findRecurring(deps.db, scope, id, deps.engine) : undefined;
  if (!recurring) throw notFound('recurring payment');
  return recurring;
}

export async function getRecurring(deps: Deps, scope: RecurringScope, id: string): Promise<RecurringPayment> {
  const recurring = isId(id) ? await repo.findRecurring(deps.db, scope, id) : undefined;
  if (!recurring) throw notFound('recurring payment');
  return recurring;
}

export async function getRecurringDetails(
  deps: Deps,
  scope: RecurringScope,
  id: string,
): Promise<RecurringDetails> {
  return detailsOf(deps, await getRecurring(deps, scope, id));
}

export async function listRecurring(
  deps: Deps,
  scope: RecurringScope,
  request: PageRequest,
): Promise<Page<RecurringDetails>> {
  const page = await repo.pageRecurring(deps.db, scope, request);
  const ids = page.docs.map((r) => r.id);
  // A page's initial payments and histories in two queries, not two per recurring payment.
  const [initials, histories] = await Promise.all([
    repo.findInitialPayments(deps.db, ids),
    repo.listActionsOf(deps.db, ids),
  ]);
  return {
    ...page,
    docs: page.docs.map((recurring) => ({
      recurring,
      initialPayment: initials.get(recurring.id) ?? null,
      actions: histories.get(recurring.id) ?? [],
    })),
  };
}

/** The items of the recurring payment, in schedule order (spec 2.5). */
export async function listRecurringItems(
  deps: Deps,
  scope: RecurringScope,
  id: string,
): Promise<RecurringItem[]> {
  const recurring = await getRecurring(deps, scope, id);
  return repo.listItems(deps.db, recurring.id);
}

/** Brings the initial payment in line with an edit: added, changed, or withdrawn while nobody paid it. */
async function editInitialPayment(
  deps: Deps,
  recurring: RecurringPayment,
  initialPence: number | null,
): Promise<void> {
  const current = (await repo.findInitialPayment(deps.db, recurring.id, deps.engine)) ?? null;
  if (current === null) {
    if (initialPence === null) return;
    // It stays a draft until the recurring payment is sent (again).
    await addInitialPayment(deps, recurring, initialPence, await receivingAccount(deps, recurring));
    return;
  }
  const editable = canMovePayment(current.status, 'edit');
  if (initialPence === null) {
    if (editable) await softDeletePayment(deps.db, current.id, deps.clock.now().toISOString());
    return;
  }
  if (!editable) {
    if (current.amountPence === initialPence) return;
    throw new DomainError(
      'invalid_state',
      `the initial payment is already ${current.status}: its amount cannot change`,
    );
  }
  const patch = {
    amountPence: initialPence,
    bankAccountId: recurring.bankAccountId,
    invoiceRefNumber: recurring.reference,
    customerName: recurring.customerName,
    customerEmail: recurring.customerEmail,
    customerEmailCC: recurring.customerEmailCC,
  };
  if (termsChange(current, patch)) await releaseAuthorisations(deps, current);
  await movePayment(deps, current, 'edit', patch);
}

/** Only draft or overdue ones (spec 3.2); the whole body is given again and the schedule rewritten. */
export async function editRecurring(
  deps: Deps,
  scope: RecurringScope,
  id: string,
  input: RecurringInput,
  options: { bankAccountId?: string | undefined } = {},
): Promise<RecurringDetails> {
  const edited = await withTransaction(deps, async (tx) => {
    const current = await lockedRecurring(tx, scope, id);
    assertTransition(current.status, 'edit');
    // The whole body is given again: any authorisation the customer holds is for the old terms.
    await releaseStandingOrderAuthorisations(tx, current);
    const checked = checkRecurringInput(deps.config, deps.clock.now(), input);
    // Another receiving account (group D's `bankAccount`) is checked like at creation.
    const moveTo =
      options.bankAccountId !== undefined && options.bankAccountId !== current.bankAccountId
        ? await receivingAccount(tx, { ...current, bankAccountId: options.bankAccountId })
        : undefined;
    const moved = await moveRecurring(tx, current, 'edit', {
      ...fieldsOf(input, checked),
      ...(moveTo ? { bankAccountId: moveTo.bankAccountId } : {}),
    });
    await repo.deleteItems(tx.db, moved.id);
    await writeSchedule(tx, moved);
    await editInitialPayment(tx, moved, checked.initialPence);
    return moved;
  });
  return detailsOf(deps, edited);
}

export async function sendRecurring(
  deps: Deps,
  scope: RecurringScope,
  id: string,
): Promise<RecurringDetails> {
  const sent = await withTransaction(deps, async (tx) => {
    const recurring = await lockedRecurring(tx, scope, id);
    assertTransition(recurring.status, 'send');
    await receivingAccount(tx, recurring);
    return send(tx, recurring);
  });
  return detailsOf(deps, sent);
}

/** Deletes one the customer never set up; its link stops working with the same write. */
export async function deleteRecurring(deps: Deps, scope: RecurringScope, id: string): Promise<void> {
  await withTransaction(deps, async (tx) => {
    const recurring = await lockedRecurring(tx, scope, id);
    assertTransition(recurring.status, 'delete');
    const now = tx.clock.now().toISOString();
    const initial = await repo.findInitialPayment(tx.db, recurring.id, tx.engine);
    if (initial && canMovePayment(initial.status, 'delete')) await softDeletePayment(tx.db, initial.id, now);
    await repo.softDeleteRecurring(tx.db, recurring.id, now);
  });
}

/**
 * The merchant stops it: no further items are expected. A standing order is the customer's at their
 * bank (Open Banking gives no way to cancel it for them), so the customer is told to cancel it there.
 */
export async function cancelRecurring(
  deps: Deps,
  scope: RecurringScope,
  id: string,
): Promise<RecurringDetails> {
  const cancelled = await withTransaction(deps, async (tx) => {
    const recurring = await lockedRecurring(tx, scope, id);
    const moved = await moveRecurring(tx, recurring, 'cancel');
    await closeOpenItems(tx, moved, await repo.listItems(tx.db, moved.id));
    const initial = await repo.findInitialPayment(tx.db, moved.id, tx.engine);
    if (initial && initial.status !== 'pending' && canMovePayment(initial.status, 'cancel')) {
      await movePayment(tx, initial, 'cancel');
    }
    if (moved.standingOrderId) await queueCancellationEmail(tx, moved);
    return moved;
  });
  return detailsOf(deps, cancelled);
}

/** The recurring payment behind a link token, if the link still exists. */
export async function recurringByToken(deps: Deps, token: string): Promise<RecurringPayment | undefined> {
  return repo.findRecurringByToken(deps.db, token);
}

/** The bank and standing order behind a recurring payment (any tenant's: for the sandbox controls). */
export async function standingOrderOf(
  deps: Deps,
  recurringPaymentId: string,
): Promise<{ provider: string; standingOrderId: string }> {
  const recurring = isId(recurringPaymentId)
    ? await repo.findRecurringById(deps.db, recurringPaymentId)
    : undefined;
  if (!recurring) throw notFound('recurring payment');
  if (!recurring.provider || !recurring.standingOrderId) {
    throw new DomainError(
      'invalid_state',
      `the recurring payment is ${recurring.status}: no standing order is set up`,
    );
  }
  return { provider: recurring.provider, standingOrderId: recurring.standingOrderId };
}
