// A company's payments in the portal: the list, a payment with its history and webhooks, and refund and
// cancel through the same functions as the API's routes; both audited.
import type { Deps } from '../../context.js';
import type { Page, PageRequest } from '../../store/paging.js';
import { assertCompanyNotBanned } from '../companies/company-status.js';
import { listDeliveries } from '../events/delivery.service.js';
import type { Delivery } from '../events/event.js';
import type { Payment, PaymentAction } from '../payments/payment.js';
import { cancelPayment, getPayment, listPayments, paymentHistory } from '../payments/payment.service.js';
import { refundPayment } from '../payments/refund.service.js';
import { recordAudit } from './audit.js';
import { portalCompany } from './portal-companies.service.js';
import type { PortalUser } from './portal-user.js';

export async function companyPayments(
  deps: Deps,
  user: PortalUser,
  companyId: string,
  request: PageRequest,
): Promise<Page<Payment>> {
  const company = await portalCompany(deps, user, companyId);
  return listPayments(deps, { companyId: company.id }, request);
}

export interface PaymentPage {
  payment: Payment;
  history: PaymentAction[];
  deliveries: Delivery[];
}

export async function paymentPage(
  deps: Deps,
  user: PortalUser,
  companyId: string,
  id: string,
): Promise<PaymentPage> {
  const company = await portalCompany(deps, user, companyId);
  const payment = await getPayment(deps, { companyId: company.id }, id);
  const [history, deliveries] = await Promise.all([
    paymentHistory(deps, payment.id),
    listDeliveries(deps, { partnerId: user.partnerId }, { page: 1, limit: 100 }, { resourceId: payment.id }),
  ]);
  return { payment, history, deliveries: deliveries.docs };
}

/** Refunds all that is left, or `amount`; the answer's refund link is where the merchant authorises it. */
export async function refundFromPortal(
  deps: Deps,
  user: PortalUser,
  companyId: string,
  id: string,
  amount: string | undefined,
  ip: string,
): Promise<void> {
  const company = await portalCompany(deps, user, companyId);
  assertCompanyNotBanned(company);
  const { payment } = await refundPayment(deps, { companyId: company.id }, id, amount ? { amount } : {});
  await recordAudit(deps.db, deps.clock.now(), {
    partnerId: user.partnerId,
    actor: user.email,
    action: 'payment_refund_started',
    target: `${payment.invoiceRefNumber} (${payment.id})${amount ? `, ${amount}` : ''}`,
    ip,
  });
}

export async function cancelFromPortal(
  deps: Deps,
  user: PortalUser,
  companyId: string,
  id: string,
  ip: string,
): Promise<void> {
  const company = await portalCompany(deps, user, companyId);
  assertCompanyNotBanned(company);
  const payment = await cancelPayment(deps, { companyId: company.id }, id);
  await recordAudit(deps.db, deps.clock.now(), {
    partnerId: user.partnerId,
    actor: user.email,
    action: 'payment_cancelled',
    target: `${payment.invoiceRefNumber} (${payment.id})`,
    ip,
  });
}
