// The customer sets a recurring payment up at their bank (API.md 3, initiate payment with
// `type: "recurring payment"`): first the initial payment when there is one (a single payment, through
// the payments module's attempts), then a domestic standing order of the schedule. Authorised -> active.
//
// Each step writes its row first (the claim), calls the bank outside any transaction, then records the
// outcome in one short transaction; a replayed or doubled return acts once.
import type { Deps } from '../../context.js';
import type { AuthorisationReturn } from '../../providers/authorisation-return.js';
import type { BankStandingOrder } from '../../providers/bank-provider.js';
import { checkedReturn } from '../../providers/checked-return.js';
import { OTHER_PROVIDER_ID } from '../../providers/providers.js';
import { withTransaction } from '../../store/transaction.js';
import { DomainError, invalid } from '../errors.js';
import { newId, newToken } from '../ids.js';
import {
  type Initiation,
  initiationProvider,
  linkExpired,
  RETURN_PATH,
  startAttempt,
} from '../payments/initiation.service.js';
import { assertLinkTakesPayments, linkRefusal } from '../payments/link-refusal.js';
import { merchantAccountOf } from '../payments/merchant-account.js';
import type { Payment } from '../payments/payment.js';
import { ATTEMPT_TTL_MS, type PaymentAttempt } from '../payments/payment-attempt.js';
import { linkPaymentRisk } from '../payments/payment-risk.js';
import { PAYABLE } from '../payments/payment-status.js';
import { londonDay } from '../working-days.js';
import type { RecurringPayment } from './recurring.js';
import * as repo from './recurring.repository.js';
import type { RecurringAuthorisationTable } from './recurring.row.js';
import { moveRecurring } from './recurring.service.js';
import { queueRecurringActiveEmail } from './recurring-mail.js';
import { canMove, SETTABLE_UP } from './recurring-status.js';
import { payeeOf } from './recurring-target.js';
import { reportStandingOrderMismatch, standingOrderMismatch } from './standing-order-terms.js';

/** The service's page after the bank for a recurring payment. */
export const RECURRING_RESULT_PATH = '/public/v1/recurring/result';

const now = (deps: Deps) => deps.clock.now().toISOString();
const returnUri = (deps: Deps) => `${deps.config.publicUrl}${RETURN_PATH}`;

/** Whether the customer can still set it up: the right status, and its first date not past. */
export function canSetUp(deps: Deps, recurring: RecurringPayment): boolean {
  return (
    SETTABLE_UP.includes(recurring.status) &&
    londonDay(new Date(recurring.firstPaymentDate)) >= londonDay(deps.clock.now())
  );
}

/** A bank that sets up standing orders (it then takes the initial payment too). */
function standingOrderProvider(deps: Deps, providerId: string): string {
  if (providerId === OTHER_PROVIDER_ID) {
    throw invalid(
      '/externalId',
      'a regular payment is set up at a bank with payment initiation, not by transfer',
    );
  }
  const provider = initiationProvider(deps, providerId, false);
  if (!deps.banks.providers.standingOrders().includes(provider)) {
    throw invalid('/externalId', `${providerId} does not set up standing orders`);
  }
  return provider;
}

/** The initial payment still to be paid before the standing order, if any. */
async function initialPaymentDue(deps: Deps, recurring: RecurringPayment): Promise<Payment | undefined> {
  const initial = await repo.findInitialPayment(deps.db, recurring.id);
  return initial && PAYABLE.includes(initial.status) ? initial : undefined;
}

/** Writes the authorisation, asks the bank for the standing-order consent, answers its page. */
async function startStandingOrder(
  deps: Deps,
  recurring: RecurringPayment,
  provider: string,
): Promise<Initiation> {
  const at = deps.clock.now();
  const row: RecurringAuthorisationTable = {
    id: newId(),
    recurring_payment_id: recurring.id,
    step: 'standing_order',
    provider,
    state: newToken(),
    consent_id: null,
    authorization_url: null,
    status: 'requesting',
    mismatch: null,
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
  await repo.insertAuthorisation(deps.db, row);
  const payee = await payeeOf(deps, recurring);
  let consent: { consentId: string; authorizationUrl: string };
  try {
    consent = await deps.banks.get(provider).createStandingOrderConsent({
      redirectUri: returnUri(deps),
      state: row.state,
      amount: recurring.amountPence,
      reference: recurring.reference,
      firstPaymentDate: recurring.firstPaymentDate,
      frequency: recurring.frequency,
      numberOfPayments: recurring.numberOfPayments,
      creditor: payee.account,
      idempotencyKey: row.id,
    });
  } catch (err) {
    await repo.moveAuthorisation(deps.db, row.id, ['requesting'], {
      status: 'failed',
      updated_at: now(deps),
    });
    throw err;
  }
  await repo.moveAuthorisation(deps.db, row.id, ['requesting'], {
    status: 'awaiting_authorisation',
    consent_id: consent.consentId,
    authorization_url: consent.authorizationUrl,
    updated_at: now(deps),
  });
  return {
    authorizationUrl: consent.authorizationUrl,
    expiresAt: new Date(at.getTime() + ATTEMPT_TTL_MS).toISOString(),
  };
}

/**
 * Initiate payment for a recurring link (`rp?=`): the bank's page for the initial payment when one is
 * still due, else for the standing order. An unknown, deleted, cancelled, active or past link is the
 * 401 of spec part 7.
 */
export async function initiateFromRecurringLink(
  deps: Deps,
  token: string,
  providerId: string,
): Promise<Initiation> {
  const recurring = await repo.findRecurringByToken(deps.db, token);
  if (!recurring || !canSetUp(deps, recurring)) throw linkExpired();
  const initial = await initialPaymentDue(deps, recurring);
  const provider = standingOrderProvider(deps, providerId);
  await assertLinkTakesPayments(deps, recurring);
  if (!initial) return startStandingOrder(deps, recurring, provider);
  const merchant = await merchantAccountOf(deps, initial);
  return startAttempt(deps, {
    payment: initial,
    kind: 'payment',
    refund: null,
    provider,
    amount: initial.amountPence,
    reference: recurring.reference,
    creditor: merchant.account,
    // The first payment of a schedule at a link: an e-commerce payment like any link's.
    risk: linkPaymentRisk(initial),
  });
}

/** Where the customer goes after the standing-order step: the service's result page or the merchant. */
export async function redirectAfterSetup(
  deps: Deps,
  recurring: RecurringPayment,
  state: string,
): Promise<string> {
  const integration = await deps.db
    .selectFrom('integrations')
    .select(['redirect_url', 'service_page_redirect'])
    .where('id', '=', recurring.integrationId)
    .executeTakeFirst();
  const resultPage = `${RECURRING_RESULT_PATH}?state=${encodeURIComponent(state)}`;
  const base = integration?.redirect_url ?? null;
  if (!base || integration?.service_page_redirect === 1) return resultPage;
  return merchantUrlOf(base, recurring);
}

/** The merchant's redirect URL with `?paymentId=&status=` of the recurring payment. */
export function merchantUrlOf(base: string, recurring: Pick<RecurringPayment, 'id' | 'status'>): string {
  const url = new URL(base);
  url.searchParams.set('paymentId', recurring.id);
  url.searchParams.set('status', recurring.status);
  return url.toString();
}

/** The customer declined the standing order at the bank: the link stays usable. */
async function decline(deps: Deps, authorisation: RecurringAuthorisationTable): Promise<void> {
  await withTransaction(deps, async (tx) => {
    const recurring = await repo.findRecurringById(tx.db, authorisation.recurring_payment_id, tx.engine);
    const claimed = await repo.moveAuthorisation(tx.db, authorisation.id, ['awaiting_authorisation'], {
      status: 'rejected',
      updated_at: now(tx),
    });
    if (claimed && recurring && canMove(recurring.status, 'reject'))
      await moveRecurring(tx, recurring, 'reject');
  });
}

/** Claims an approved authorisation (awaiting_authorisation -> completing), or closes it. */
async function claim(deps: Deps, authorisation: RecurringAuthorisationTable): Promise<boolean> {
  return withTransaction(deps, async (tx) => {
    const recurring = await repo.findRecurringById(tx.db, authorisation.recurring_payment_id, tx.engine);
    const from = ['awaiting_authorisation'];
    const expired = Date.parse(authorisation.created_at) + ATTEMPT_TTL_MS < tx.clock.now().getTime();
    // Nothing is set up for a company that may no longer take payments, nor into a disabled account.
    const refused = recurring ? await linkRefusal(tx, recurring) : undefined;
    if (expired || !recurring || refused || !canSetUp(tx, recurring)) {
      await repo.moveAuthorisation(tx.db, authorisation.id, from, {
        status: expired ? 'expired' : 'failed',
        updated_at: now(tx),
      });
      return false;
    }
    return repo.moveAuthorisation(tx.db, authorisation.id, from, {
      status: 'completing',
      updated_at: now(tx),
    });
  });
}

/** The bank set the standing order up: the recurring payment is active. */
async function activate(deps: Deps, authorisation: RecurringAuthorisationTable, order: BankStandingOrder) {
  await withTransaction(deps, async (tx) => {
    const recurring = await repo.findRecurringById(tx.db, authorisation.recurring_payment_id, tx.engine);
    const mismatch = recurring ? await standingOrderMismatch(tx, recurring, order) : null;
    await repo.moveAuthorisation(tx.db, authorisation.id, ['completing'], {
      status: 'completed',
      mismatch: mismatch ? JSON.stringify(mismatch) : null,
      updated_at: now(tx),
    });
    if (!recurring) return;
    if (mismatch) {
      // Not what was asked: never active on it (the customer holds it at the bank; the merchant is told).
      await reportStandingOrderMismatch(tx, recurring, authorisation, order, mismatch);
      return;
    }
    if (!canMove(recurring.status, 'authorise')) {
      // Cancelled or deleted in the moment between the claim and the bank's answer: the customer holds a
      // standing order the merchant no longer wants, which only they can cancel.
      tx.log.warn(
        { recurringPaymentId: recurring.id, status: recurring.status },
        'standing order set up too late',
      );
      return;
    }
    const active = await moveRecurring(tx, recurring, 'authorise', {
      provider: authorisation.provider,
      standingOrderId: order.standingOrderId,
    });
    await queueRecurringActiveEmail(tx, active);
  });
}

/** Exchanges the code and submits the standing order; a failure leaves the link usable. */
async function submit(
  deps: Deps,
  authorisation: RecurringAuthorisationTable,
  answer: Extract<AuthorisationReturn, { outcome: 'approved' }>,
): Promise<void> {
  const bank = deps.banks.get(authorisation.provider);
  const consentId = authorisation.consent_id as string;
  let order: BankStandingOrder;
  try {
    await bank.completeAuthorisation({ consentId, redirectUri: returnUri(deps), ...answer });
    order = await bank.submitStandingOrder({ consentId, idempotencyKey: authorisation.id });
  } catch (err) {
    await repo.moveAuthorisation(deps.db, authorisation.id, ['completing'], {
      status: 'failed',
      updated_at: now(deps),
    });
    throw err;
  }
  await activate(deps, authorisation, order);
}

/**
 * The bank's return for a standing-order authorisation; undefined for another's state. Answers where
 * the customer goes next.
 */
export async function completeRecurringReturn(
  deps: Deps,
  given: AuthorisationReturn,
): Promise<string | undefined> {
  const authorisation = await repo.findAuthorisationByState(deps.db, given.state);
  if (!authorisation) return undefined;
  if (authorisation.status === 'awaiting_authorisation') {
    const bank = deps.banks.get(authorisation.provider);
    const consentId = authorisation.consent_id as string;
    const answer = await checkedReturn(bank, deps.log, consentId, returnUri(deps), given);
    if (answer.outcome === 'rejected') await decline(deps, authorisation);
    else if (await claim(deps, authorisation)) await submit(deps, authorisation, answer);
  }
  const recurring = await repo.findRecurringById(deps.db, authorisation.recurring_payment_id);
  if (!recurring) return `${RECURRING_RESULT_PATH}?state=${encodeURIComponent(given.state)}`;
  return redirectAfterSetup(deps, recurring, given.state);
}

/**
 * After the bank's return for an initial payment: once the customer approved it, straight on to the
 * bank's page for the standing order; otherwise the result page (the link stays usable).
 */
export async function continueAfterInitialPayment(
  deps: Deps,
  payment: Payment,
  attempt: PaymentAttempt,
): Promise<string> {
  const resultPage = `${RECURRING_RESULT_PATH}?state=${encodeURIComponent(attempt.state)}`;
  const recurring = payment.recurringPaymentId
    ? await repo.findRecurringById(deps.db, payment.recurringPaymentId)
    : undefined;
  if (!recurring) return resultPage;
  if (attempt.status === 'rejected' && payment.status === 'rejected') {
    await withTransaction(deps, async (tx) => {
      const locked = await repo.findRecurringById(tx.db, recurring.id, tx.engine);
      if (locked && canMove(locked.status, 'reject')) await moveRecurring(tx, locked, 'reject');
    });
    return resultPage;
  }
  const approved = attempt.status === 'submitted' || attempt.status === 'settled';
  if (!approved || !canSetUp(deps, recurring)) return resultPage;
  try {
    return (await startStandingOrder(deps, recurring, attempt.provider)).authorizationUrl;
  } catch (err) {
    // The initial payment is made; the customer sets the standing order up with another try of the link.
    if (!(err instanceof DomainError)) throw err;
    deps.log.warn({ err, recurringPaymentId: recurring.id }, 'standing-order consent not created');
    return resultPage;
  }
}
