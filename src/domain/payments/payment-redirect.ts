// Where the customer goes after the bank (API.md 9): the payment's customRedirectUrl, else the
// integration's redirectUrl, with `?paymentId=&status=`; through the service's result page first when
// the integration has servicePaymentPageRedirectEnabled.
import type { Deps } from '../../context.js';
import type { Payment } from './payment.js';

export interface PaymentRedirect {
  /** The merchant's page with paymentId and status; null when neither URL is set. */
  url: string | null;
  /** Show the service's result page first (it links on to `url`). */
  viaServicePage: boolean;
}

export function withPaymentResult(base: string, payment: Pick<Payment, 'id' | 'status'>): string {
  const url = new URL(base);
  url.searchParams.set('paymentId', payment.id);
  url.searchParams.set('status', payment.status);
  return url.toString();
}

export async function redirectAfterBank(deps: Deps, payment: Payment): Promise<PaymentRedirect> {
  const integration = await deps.db
    .selectFrom('integrations')
    .select(['redirect_url', 'service_page_redirect'])
    .where('id', '=', payment.integrationId)
    .executeTakeFirst();
  const base = payment.customRedirectUrl ?? integration?.redirect_url ?? null;
  return {
    url: base ? withPaymentResult(base, payment) : null,
    viaServicePage: base === null || integration?.service_page_redirect === 1,
  };
}
