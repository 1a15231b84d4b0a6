// What a link's token opens: a payment link (`p?=`) for the customer, a refund link (`rf?=`) for the
// merchant. The hosted pages and the QR images read links through here.
import type { Deps } from '../../context.js';
import type { ProviderInfo } from '../../providers/providers.js';
import { recurringLinkOfToken } from '../recurring/recurring-links.js';
import { linkRefusal } from './link-refusal.js';
import { type MerchantAccount, merchantAccountOf } from './merchant-account.js';
import type { Payment } from './payment.js';
import { findPaymentById } from './payment.repository.js';
import { paymentByToken } from './payment.service.js';
import { paymentLink } from './payment-forms.js';
import { PAYABLE } from './payment-status.js';
import { type Refund, refundLink } from './refund.js';
import { findRefundByToken } from './refund.repository.js';

const TOKEN_RE = /^[A-Za-z0-9_-]{16,128}$/;

/** The URL a token stands for, while its link is alive. */
export async function linkOfToken(deps: Deps, token: string): Promise<string | undefined> {
  if (!TOKEN_RE.test(token)) return undefined;
  if (await paymentByToken(deps, token)) return paymentLink(deps.config.publicUrl, token) ?? undefined;
  const refund = await findRefundByToken(deps.db, token);
  if (refund) return refundLink(deps.config.publicUrl, token);
  return recurringLinkOfToken(deps, token);
}

export interface PaymentLinkView {
  payment: Payment;
  merchant: MerchantAccount;
  /** The link takes a payment now. */
  payable: boolean;
  /** Why a link that would take a payment cannot now (the company, its account), for the payer. */
  refusal: string | null;
  /** Banks the payer can pay from. */
  banks: ProviderInfo[];
}

export async function paymentLinkView(deps: Deps, token: string): Promise<PaymentLinkView | undefined> {
  if (!TOKEN_RE.test(token)) return undefined;
  const payment = await paymentByToken(deps, token);
  if (!payment) return undefined;
  const payable = PAYABLE.includes(payment.status);
  const refusal = payable ? await linkRefusal(deps, payment) : undefined;
  // A deleted integration's links are withdrawn, as a deleted payment's.
  if (refusal?.code === 'unauthorized') return undefined;
  return {
    payment,
    merchant: await merchantAccountOf(deps, payment),
    payable: payable && !refusal,
    refusal: refusal?.message ?? null,
    banks: deps.banks.providers.providers.filter((p) => p.paymentInitiation),
  };
}

export interface RefundLinkView extends PaymentLinkView {
  refund: Refund;
}

export async function refundLinkView(deps: Deps, token: string): Promise<RefundLinkView | undefined> {
  if (!TOKEN_RE.test(token)) return undefined;
  const refund = await findRefundByToken(deps.db, token);
  const payment = refund ? await findPaymentById(deps.db, refund.paymentId) : undefined;
  if (!refund || !payment) return undefined;
  const merchant = await merchantAccountOf(deps, payment);
  // The merchant's own bank first: that is where the refund is paid from.
  const banks = deps.banks.providers.providers
    .filter((p) => p.paymentInitiation)
    .sort((a, b) => Number(b.id === merchant.provider) - Number(a.id === merchant.provider));
  return {
    payment,
    refund,
    merchant,
    refusal: null,
    payable: refund.status === 'awaiting_authorisation' && payment.status === 'refund_started',
    banks,
  };
}
