// What a recurring link's token opens (`/rp?=<token>`), and what the page after the bank says: read
// here for the hosted pages and the QR images.
import type { Deps } from '../../context.js';
import type { ProviderInfo } from '../../providers/providers.js';
import { linkRefusal } from '../payments/link-refusal.js';
import type { Payment } from '../payments/payment.js';
import { findPaymentById } from '../payments/payment.repository.js';
import { findAttemptByState } from '../payments/payment-attempt.repository.js';
import type { RecurringItem, RecurringPayment } from './recurring.js';
import * as repo from './recurring.repository.js';
import { recurringLink } from './recurring-forms.js';
import { canSetUp } from './recurring-setup.service.js';
import { type Payee, payeeOf } from './recurring-target.js';

const TOKEN_RE = /^[A-Za-z0-9_-]{16,128}$/;

/** The URL a recurring token stands for, while its link is alive. */
export async function recurringLinkOfToken(deps: Deps, token: string): Promise<string | undefined> {
  if (!TOKEN_RE.test(token)) return undefined;
  const recurring = await repo.findRecurringByToken(deps.db, token);
  return recurring ? (recurringLink(deps.config.publicUrl, token) ?? undefined) : undefined;
}

/** Where a recurring link's payment stands (the customer page's status route), while the link exists. */
export async function recurringStatusOfToken(deps: Deps, token: string): Promise<string | undefined> {
  if (!TOKEN_RE.test(token)) return undefined;
  return (await repo.findRecurringByToken(deps.db, token))?.status;
}

export interface RecurringLinkView {
  recurring: RecurringPayment;
  initialPayment: Payment | null;
  items: RecurringItem[];
  payee: Payee;
  /** The customer can set it up now. */
  settable: boolean;
  /** Why a link that could be set up cannot now (the company, its account), for the customer. */
  refusal: string | null;
  /** Banks that set up standing orders. */
  banks: ProviderInfo[];
}

export async function recurringLinkView(deps: Deps, token: string): Promise<RecurringLinkView | undefined> {
  if (!TOKEN_RE.test(token)) return undefined;
  const recurring = await repo.findRecurringByToken(deps.db, token);
  if (!recurring) return undefined;
  const settable = canSetUp(deps, recurring);
  const refusal = settable ? await linkRefusal(deps, recurring) : undefined;
  // A deleted integration's links are withdrawn.
  if (refusal?.code === 'unauthorized') return undefined;
  const standingOrders = new Set(deps.banks.providers.standingOrders());
  return {
    recurring,
    initialPayment: (await repo.findInitialPayment(deps.db, recurring.id)) ?? null,
    items: await repo.listItems(deps.db, recurring.id),
    payee: await payeeOf(deps, recurring),
    settable: settable && !refusal,
    refusal: refusal?.message ?? null,
    banks: deps.banks.providers.providers.filter((p) => standingOrders.has(p.id)),
  };
}

/** Where a return's state leads: the standing-order authorisation, or the initial payment's attempt. */
export interface SetupResult {
  recurring: RecurringPayment;
  payee: Payee;
  step: 'standing_order' | 'initial_payment';
  /** The step's own status (the authorisation's, or the attempt's). */
  stepStatus: string;
}

export async function setupResultOf(deps: Deps, state: string): Promise<SetupResult | undefined> {
  const authorisation = await repo.findAuthorisationByState(deps.db, state);
  let recurringId = authorisation?.recurring_payment_id;
  let step: SetupResult['step'] = 'standing_order';
  let stepStatus = authorisation?.status ?? '';
  if (!authorisation) {
    const attempt = await findAttemptByState(deps.db, state);
    const payment = attempt ? await findPaymentById(deps.db, attempt.paymentId) : undefined;
    if (!attempt || !payment?.recurringPaymentId) return undefined;
    recurringId = payment.recurringPaymentId;
    step = 'initial_payment';
    stepStatus = attempt.status;
  }
  const recurring = recurringId ? await repo.findRecurringById(deps.db, recurringId) : undefined;
  if (!recurring) return undefined;
  return { recurring, payee: await payeeOf(deps, recurring), step, stepStatus };
}
