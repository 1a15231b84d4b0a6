// A company's payments and recurring payments in the portal: the lists (filtered), a payment or a
// recurring payment with its history and webhooks, and refund and
// cancel through the same functions as the API's routes; both audited.
import type { Deps } from '../../context.js';
import type { Page, PageRequest } from '../../store/paging.js';
import { assertCompanyNotBanned } from '../companies/company-status.js';
import { listDeliveries } from '../events/delivery.service.js';
import type { Delivery } from '../events/event.js';
import type { Payment, PaymentAction } from '../payments/payment.js';
import { cancelPayment, getPayment, paymentHistory } from '../payments/payment.service.js';
import { refundPayment } from '../payments/refund.service.js';
import type { RecurringItem, RecurringPayment } from '../recurring/recurring.js';
import {
  getRecurringDetails,
  listRecurringItems,
  type RecurringDetails,
} from '../recurring/recurring.service.js';
import { recordAudit } from './audit.js';
import { portalCompany } from './portal-companies.service.js';
import { type ListFilter, searchPayments, searchRecurring } from './portal-payment-search.repository.js';
import type { PortalUser } from './portal-user.js';

export async function companyPayments(
  deps: Deps,
  user: PortalUser,
  companyId: string,
  filter: ListFilter,
  request: PageRequest,
): Promise<Page<Payment>> {
  const company = await portalCompany(deps, user, companyId);
  return searchPayments(deps.db, company.id, filter, request);
}

export async function companyRecurring(
  deps: Deps,
  user: PortalUser,
  companyId: string,
  filter: ListFilter,
  request: PageRequest,
): Promise<Page<RecurringPayment>> {
  const company = await portalCompany(deps, user, companyId);
  return searchRecurring(deps.db, company.id, filter, request);
}

export interface RecurringPage extends RecurringDetails {
  items: RecurringItem[];
  deliveries: Delivery[];
}

/** A recurring payment with its schedule, history and the webhooks about it. */
export async function recurringPage(
  deps: Deps,
  user: PortalUser,
  companyId: string,
  id: string,
): Promise<RecurringPage> {
  const company = await portalCompany(deps, user, companyId);
  const details = await getRecurringDetails(deps, { companyId: company.id }, id);
  const [items, deliveries] = await Promise.all([
    listRecurringItems(deps, { companyId: company.id }, id),
    listDeliveries(
      deps,
      { partnerId: user.partnerId },
      { page: 1, limit: 100 },
      { resourceId: details.recurring.id },
    ),
  ]);
  return { ...details, items, deliveries: deliveries.docs };
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
