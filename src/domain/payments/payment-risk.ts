// The Risk block of a link payment's consent (OBRisk1; issue 13 item 9): what a bank's risk scoring
// expects of an e-commerce payment. The merchant category defaults to 7399 (Business Services, not
// elsewhere classified: paybank's links pay invoices of businesses); no per-company setting yet. The
// payer is identified to the bank by a pseudonym of their e-mail address at the merchant, stable
// across payments but not the address itself. paybank knows no delivery address, so none is sent.
import { createHash } from 'node:crypto';
import type { PaymentRisk } from '../../providers/bank-provider.js';
import type { Payment } from './payment.js';

export const DEFAULT_MERCHANT_CATEGORY_CODE = '7399';

export function linkPaymentRisk(payment: Pick<Payment, 'companyId' | 'customerEmail'>): PaymentRisk {
  const email = payment.customerEmail?.trim().toLowerCase();
  return {
    context: 'EcommerceGoods',
    merchantCategoryCode: DEFAULT_MERCHANT_CATEGORY_CODE,
    ...(email
      ? {
          merchantCustomerId: createHash('sha256')
            .update(`${payment.companyId}\n${email}`)
            .digest('base64url'),
        }
      : {}),
  };
}
