// Initiate payment (spec 4.A, API.md 3): a link's token and the payer's bank become a payment consent
// at that bank and the URL of its authorisation page. One initiator per kind of link; the bank is
// called outside any transaction, after the attempt row is written (the row is the claim).
import type { Deps } from '../../context.js';
import type { AccountRef as BankAccountRef, PaymentRisk } from '../../providers/bank-provider.js';
import { OTHER_PROVIDER_ID } from '../../providers/providers.js';
import { DomainError, invalid } from '../errors.js';
import { newId, newToken } from '../ids.js';
// Recurring links (`rp?=`) are set up by the recurring payments module (a standing order at the bank).
import { initiateFromRecurringLink } from '../recurring/recurring-setup.service.js';
import { assertLinkTakesPayments, linkExpired } from './link-refusal.js';
import { bankAccountOf, merchantAccountOf } from './merchant-account.js';
import type { Payment } from './payment.js';
import { findPaymentById } from './payment.repository.js';
import { paymentByToken } from './payment.service.js';
import { ATTEMPT_TTL_MS, type AttemptKind } from './payment-attempt.js';
import * as attempts from './payment-attempt.repository.js';
import { linkPaymentRisk } from './payment-risk.js';
import { PAYABLE } from './payment-status.js';
import type { Refund } from './refund.js';
import { findRefundByToken } from './refund.repository.js';
import { refundReference } from './transfer-terms.js';

/** Where every bank sends the payer back, for payments and refunds alike. */
export const RETURN_PATH = '/public/v1/return';
/** The page that shows how to pay by manual transfer (provider `other`). */
export const TRANSFER_PAGE_PATH = '/p/transfer';

export const LINK_TYPES = ['payment', 'recurring payment', 'refund'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export interface Initiation {
  authorizationUrl: string;
  /** When the authorisation stops counting; null for a manual transfer, which has no bank session. */
  expiresAt: string | null;
}

export interface InitiateRequest {
  type: LinkType;
  /** The token after `p?=`, `rp?=` or `rf?=` in the link. */
  id: string;
  /** The payer's bank: a provider id that supports payment initiation. */
  externalId: string;
}

/** Turns a link's token and a bank into an authorisation URL. */
export type LinkInitiator = (deps: Deps, token: string, provider: string) => Promise<Initiation>;

export { linkExpired } from './link-refusal.js';

/** A provider that initiates payments, or `other` when `allowManual`; a 400 otherwise. */
export function initiationProvider(deps: Deps, providerId: string, allowManual: boolean): string {
  if (allowManual && providerId === OTHER_PROVIDER_ID) return providerId;
  const info = deps.banks.providers.get(providerId);
  if (!info) {
    const known = allowManual
      ? deps.banks.providers.initiatePayment()
      : deps.banks.providers.paymentInitiation();
    throw invalid('/externalId', `must be one of ${known.join(', ')}`);
  }
  if (!info.paymentInitiation) throw invalid('/externalId', `${providerId} does not initiate payments`);
  return providerId;
}

export interface AttemptRequest {
  payment: Payment;
  kind: AttemptKind;
  refund: Refund | null;
  provider: string;
  amount: number;
  reference: string;
  creditor: BankAccountRef;
  debtor?: BankAccountRef;
  risk: PaymentRisk;
}

/** Writes the attempt, asks the bank for the consent, and answers its authorisation page. */
export async function startAttempt(deps: Deps, request: AttemptRequest): Promise<Initiation> {
  const now = deps.clock.now();
  const id = newId();
  const expiresAt = new Date(now.getTime() + ATTEMPT_TTL_MS).toISOString();
  const state = newToken();
  await attempts.insertAttempt(deps.db, {
    id,
    payment_id: request.payment.id,
    refund_id: request.refund?.id ?? null,
    kind: request.kind,
    provider: request.provider,
    state,
    status: 'requesting',
    amount: request.amount,
    consent_id: null,
    authorization_url: null,
    bank_payment_id: null,
    transaction_id: null,
    mismatch: null,
    expires_at: expiresAt,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  let consent: { consentId: string; authorizationUrl: string };
  try {
    consent = await deps.banks.get(request.provider).createPaymentConsent({
      redirectUri: `${deps.config.publicUrl}${RETURN_PATH}`,
      state,
      amount: request.amount,
      reference: request.reference,
      instructionId: id,
      creditor: request.creditor,
      ...(request.debtor ? { debtor: request.debtor } : {}),
      risk: request.risk,
      idempotencyKey: id,
    });
  } catch (err) {
    await attempts.moveAttempt(deps.db, id, ['requesting'], {
      status: 'failed',
      updated_at: deps.clock.now().toISOString(),
    });
    throw err;
  }
  const opened = await attempts.moveAttempt(deps.db, id, ['requesting'], {
    status: 'awaiting_authorisation',
    consent_id: consent.consentId,
    authorization_url: consent.authorizationUrl,
    updated_at: deps.clock.now().toISOString(),
  });
  // The merchant changed the payment while its consent was being asked for: that consent is void.
  if (!opened)
    throw new DomainError('invalid_state', 'the payment changed while your bank was asked; please try again');
  return { authorizationUrl: consent.authorizationUrl, expiresAt };
}

/** A customer pays a payment link (`p?=`); `other` shows the merchant's details for a manual transfer. */
export const initiateFromPaymentLink: LinkInitiator = async (deps, token, providerId) => {
  const payment = await paymentByToken(deps, token);
  if (!payment || !PAYABLE.includes(payment.status)) throw linkExpired();
  const provider = initiationProvider(deps, providerId, true);
  await assertLinkTakesPayments(deps, payment);
  if (provider === OTHER_PROVIDER_ID) {
    return { authorizationUrl: `${deps.config.publicUrl}${TRANSFER_PAGE_PATH}?=${token}`, expiresAt: null };
  }
  const merchant = await merchantAccountOf(deps, payment);
  return startAttempt(deps, {
    payment,
    kind: 'payment',
    refund: null,
    provider,
    amount: payment.amountPence,
    reference: payment.invoiceRefNumber,
    creditor: merchant.account,
    risk: linkPaymentRisk(payment),
  });
};

/** The merchant authorises a refund (`rf?=`): paid out of its own account, to the payee. */
export const initiateFromRefundLink: LinkInitiator = async (deps, token, providerId) => {
  const refund = await findRefundByToken(deps.db, token);
  const payment = refund ? await findPaymentById(deps.db, refund.paymentId) : undefined;
  if (
    !refund ||
    !payment ||
    refund.status !== 'awaiting_authorisation' ||
    payment.status !== 'refund_started'
  ) {
    throw linkExpired();
  }
  const provider = initiationProvider(deps, providerId, false);
  const merchant = await merchantAccountOf(deps, payment);
  return startAttempt(deps, {
    payment,
    kind: 'refund',
    refund,
    provider,
    amount: refund.amountPence,
    reference: refundReference(payment),
    creditor: bankAccountOf(refund.payee),
    debtor: merchant.account,
    // Money going back from the merchant to a person: no merchant context.
    risk: { context: 'PartyToParty' },
  });
};

export const LINK_INITIATORS: Record<LinkType, LinkInitiator> = {
  payment: initiateFromPaymentLink,
  refund: initiateFromRefundLink,
  'recurring payment': initiateFromRecurringLink,
};

export async function initiateFromLink(deps: Deps, request: InitiateRequest): Promise<Initiation> {
  return LINK_INITIATORS[request.type](deps, request.id, request.externalId);
}
