// One-off payments: create, process, edit, delete, cancel, read. Shared by groups A and D; the groups
// differ only in scope (an integration's payments or a company's) and in response forms.
import type { Deps } from '../../context.js';
import type { Page, PageRequest } from '../../store/paging.js';
import { withTransaction } from '../../store/transaction.js';
import { isoNow } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { isId, newId, newToken } from '../ids.js';
import {
  authenticateIntegration,
  credentialOf,
  type MerchantCredential,
} from '../integrations/integration.service.js';
import { releaseAuthorisations, termsChange } from './open-authorisations.js';
import type { Payment, PaymentAction, PaymentEdit, PaymentInput } from './payment.js';
import type { PaymentScope } from './payment.repository.js';
import * as repo from './payment.repository.js';
import { historyOfNewPayment, recordPaymentChange } from './payment-history.js';
import { InputCheck } from './payment-input.js';
import { queuePaymentRequestEmail, queueStatusEmail } from './payment-mail.js';
import { assertTransition, type PaymentMove } from './payment-status.js';
import { type ReceivingTarget, receivingAccount } from './receiving-account.js';

export type { PaymentScope } from './payment.repository.js';

/** Where a new payment belongs: the company, the integration that hears about it, the account paid into. */
export type PaymentTarget = ReceivingTarget;

function checkInput(deps: Deps, input: PaymentInput) {
  const check = new InputCheck();
  const amountPence = check.amount('/amount', input.amount, deps.config);
  const customerEmail = check.email('/customerEmail', input.customerEmail);
  const customerEmailCC = check.emails('/customerEmailCC', input.customerEmailCC);
  const dueDate = check.dueDate('/dueDate', input.dueDate, deps.clock.now());
  const attachmentUrl = check.httpUrl('/attachmentUrl', input.attachmentUrl);
  const customRedirectUrl = check.httpUrl('/customRedirectUrl', input.customRedirectUrl);
  check.done();
  return { amountPence, customerEmail, customerEmailCC, dueDate, attachmentUrl, customRedirectUrl };
}

/** Moves a payment, records the snapshot (and the webhook from `sent` on). Runs in the caller's transaction. */
export async function movePayment(
  deps: Deps,
  payment: Payment,
  move: PaymentMove,
  patch: Partial<Payment> = {},
) {
  const status = assertTransition(payment.status, move);
  const moved: Payment = { ...payment, ...patch, status, updatedAt: isoNow(deps.clock) };
  await repo.updatePayment(deps.db, moved);
  await recordPaymentChange(deps, moved, move, { statusChanged: status !== payment.status });
  await queueStatusEmail(deps, payment, moved, move);
  return moved;
}

async function process(deps: Deps, payment: Payment): Promise<Payment> {
  const sent = await movePayment(deps, payment, 'process', { linkToken: newToken() });
  await queuePaymentRequestEmail(deps, sent);
  return sent;
}

export async function createPayment(
  deps: Deps,
  target: PaymentTarget,
  input: PaymentInput,
  options: { process: boolean },
): Promise<Payment> {
  const draft = await newDraft(deps, target, input);
  if (options.process) return (await storeProcessed(deps, draft)).payment;
  return withTransaction(deps, async (tx) => {
    await repo.insertPayment(tx.db, draft);
    await recordPaymentChange(tx, draft, 'create', { statusChanged: false });
    return draft;
  });
}

/** Creates the payment and sends it at once; its history comes with it (nothing is read back). */
export async function createAndProcessPayment(
  deps: Deps,
  target: PaymentTarget,
  input: PaymentInput,
): Promise<{ payment: Payment; actions: PaymentAction[] }> {
  return storeProcessed(deps, await newDraft(deps, target, input));
}

async function newDraft(deps: Deps, target: PaymentTarget, input: PaymentInput): Promise<Payment> {
  const fields = checkInput(deps, input);
  const receiving = await receivingAccount(deps, target);
  const now = isoNow(deps.clock);
  return {
    id: newId(),
    companyId: target.companyId,
    integrationId: target.integrationId,
    bankAccountId: receiving.bankAccountId,
    status: 'draft',
    invoiceRefNumber: input.invoiceRefNumber,
    currency: 'GBP',
    customerName: input.customerName ?? null,
    type: input.type ?? 'link',
    dataApiCheckStatus: receiving.dataApi ? 'pending_payment' : 'not_applicable',
    lastDataApiCheckAt: null,
    linkToken: null,
    refundedPence: 0,
    payerAccount: null,
    isSandbox: receiving.isSandbox,
    recurringPaymentId: null,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
    // Named, not spread: on Node 20 a spread adds its properties one by one through V8's slow path.
    amountPence: fields.amountPence,
    customerEmail: fields.customerEmail,
    customerEmailCC: fields.customerEmailCC,
    dueDate: fields.dueDate,
    attachmentUrl: fields.attachmentUrl,
    customRedirectUrl: fields.customRedirectUrl,
  };
}

/**
 * Create and process in one write (issue 14): the payment is inserted already sent, with both history
 * rows, its webhook and its count, from the data in hand. The same rows as a create then a process.
 */
async function storeProcessed(deps: Deps, draft: Payment) {
  const sent: Payment = {
    ...draft,
    status: assertTransition(draft.status, 'process'),
    linkToken: newToken(),
    updatedAt: isoNow(deps.clock),
  };
  const { actions, event } = await historyOfNewPayment(deps, draft, sent);
  // A write that is one statement is atomic on its own: no BEGIN and COMMIT round trips around it, and
  // outside a transaction it goes out with the other creates of the moment.
  if (repo.writesNewPaymentAtOnce(deps.engine) && !sent.customerEmail) {
    await repo.insertProcessedPaymentAtOnce(deps.db, sent, actions, event);
  } else {
    await withTransaction(deps, async (tx) => {
      await repo.insertProcessedPayment(tx.db, tx.engine, sent, actions, event);
      await queuePaymentRequestEmail(tx, sent);
    });
  }
  return { payment: sent, actions };
}

/** A recurring payment's initial payment moves only with its recurring payment (paid through its link). */
function assertStandalone(payment: Payment, action: string): Payment {
  if (payment.recurringPaymentId) {
    throw new DomainError(
      'invalid_state',
      `cannot ${action} the initial payment of recurring payment ${payment.recurringPaymentId}: manage that instead`,
    );
  }
  return payment;
}

/** Loads the payment in scope, locked for the transaction (PostgreSQL), or a 404. */
export async function lockedPayment(deps: Deps, scope: PaymentScope, id: string): Promise<Payment> {
  const payment = isId(id) ? await repo.findPayment(deps.db, scope, id, deps.engine) : undefined;
  if (!payment) throw notFound('payment');
  return payment;
}

/** A payment looked up by id alongside something else (authenticateWithPayment): undefined when not found. */
export interface PaymentRead {
  id: string;
  payment: Payment | undefined;
}

/** The payment `id` in scope; `read` is that payment as read already in this request, when it was. */
export async function getPayment(
  deps: Deps,
  scope: PaymentScope,
  id: string,
  read?: PaymentRead,
): Promise<Payment> {
  const payment =
    read?.id === id ? read.payment : isId(id) ? await repo.findPayment(deps.db, scope, id) : undefined;
  if (!payment) throw notFound('payment');
  return payment;
}

/**
 * authenticateIntegration, and the integration's payment `paymentId` read in the same statement: a get
 * payment in one round trip. Undefined when the credential is not one.
 */
export async function authenticateWithPayment(
  deps: Deps,
  integrationId: string,
  secretKey: string,
  paymentId: string,
): Promise<{ credential: MerchantCredential; read: PaymentRead } | undefined> {
  if (!isId(integrationId)) return undefined;
  if (!isId(paymentId)) {
    const credential = await authenticateIntegration(deps, integrationId, secretKey);
    return credential && { credential, read: { id: paymentId, payment: undefined } };
  }
  const row = await repo.findCredentialWithPayment(deps.db, integrationId, paymentId);
  const credential = row && credentialOf(row, secretKey);
  if (!row || !credential) return undefined;
  // Only a caller whose secret matched has the payment made from the row.
  return { credential, read: { id: paymentId, payment: repo.paymentOfCredentialRow(row) } };
}

export async function paymentHistory(deps: Deps, paymentId: string): Promise<PaymentAction[]> {
  return repo.listActions(deps.db, paymentId);
}

export async function listPayments(
  deps: Deps,
  scope: PaymentScope,
  request: PageRequest,
): Promise<Page<Payment>> {
  return repo.pagePayments(deps.db, scope, request);
}

export async function processPayment(deps: Deps, scope: PaymentScope, id: string): Promise<Payment> {
  return withTransaction(deps, async (tx) => {
    const payment = assertStandalone(await lockedPayment(tx, scope, id), 'process');
    await receivingAccount(tx, payment);
    return process(tx, payment);
  });
}

export async function editPayment(
  deps: Deps,
  scope: PaymentScope,
  id: string,
  edit: PaymentEdit,
): Promise<Payment> {
  return withTransaction(deps, async (tx) => {
    const current = assertStandalone(await lockedPayment(tx, scope, id), 'edit');
    const check = new InputCheck();
    const patch: Partial<Payment> = {};
    if (edit.invoiceRefNumber !== undefined) patch.invoiceRefNumber = edit.invoiceRefNumber;
    if (edit.amount !== undefined) patch.amountPence = check.amount('/amount', edit.amount, deps.config);
    if (edit.customerName !== undefined) patch.customerName = edit.customerName;
    if (edit.customerEmail !== undefined)
      patch.customerEmail = check.email('/customerEmail', edit.customerEmail);
    if (edit.customerEmailCC !== undefined)
      patch.customerEmailCC = check.emails('/customerEmailCC', edit.customerEmailCC);
    if (edit.dueDate !== undefined) patch.dueDate = check.dueDate('/dueDate', edit.dueDate, tx.clock.now());
    if (edit.attachmentUrl !== undefined)
      patch.attachmentUrl = check.httpUrl('/attachmentUrl', edit.attachmentUrl);
    if (edit.customRedirectUrl !== undefined) {
      patch.customRedirectUrl = check.httpUrl('/customRedirectUrl', edit.customRedirectUrl);
    }
    check.done();
    assertTransition(current.status, 'edit');
    if (termsChange(current, patch)) await releaseAuthorisations(tx, current);
    return movePayment(tx, current, 'edit', patch);
  });
}

/** Deletes a draft or sent payment; its link stops working with the same write. */
export async function deletePayment(deps: Deps, scope: PaymentScope, id: string): Promise<void> {
  await withTransaction(deps, async (tx) => {
    const payment = assertStandalone(await lockedPayment(tx, scope, id), 'delete');
    assertTransition(payment.status, 'delete');
    await repo.softDeletePayment(tx.db, payment.id, tx.clock.now().toISOString());
  });
}

export async function cancelPayment(deps: Deps, scope: PaymentScope, id: string): Promise<Payment> {
  return withTransaction(deps, async (tx) =>
    movePayment(tx, assertStandalone(await lockedPayment(tx, scope, id), 'cancel'), 'cancel'),
  );
}

/** The payment behind a link token, if the link still exists. */
export async function paymentByToken(deps: Deps, token: string): Promise<Payment | undefined> {
  return repo.findPaymentByToken(deps.db, token);
}
