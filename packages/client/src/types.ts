// Types of every resource, read off the generated document by path and method (not by component name),
// so that they follow the document as it gains named schemas and enumerations.
import type { paths } from './generated/openapi.js';

export type { components, paths } from './generated/openapi.js';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The JSON body of an operation's success answer (200 or 201). */
export type Answer<P extends keyof paths, M extends Method> =
  Operation<P, M> extends {
    responses: infer R;
  }
    ? R extends { 200: infer A }
      ? Json<A>
      : R extends { 201: infer A }
        ? Json<A>
        : never
    : never;

/** The JSON request body of an operation. */
export type Body<P extends keyof paths, M extends Method> =
  Operation<P, M> extends {
    requestBody?: infer B;
  }
    ? Json<NonNullable<B>>
    : never;

/** The query parameters of an operation. */
export type Query<P extends keyof paths, M extends Method> =
  Operation<P, M> extends {
    parameters: { query?: infer Q };
  }
    ? Q
    : never;

/** Group A: a payment in its processed form (link, QR code data, history), as webhooks carry it. */
export type Payment = Answer<'/merchant/v1/payments/process', 'post'>['result'];
export type PaymentStatus = Payment['status'];
export type DataApiCheckStatus = Payment['dataApiCheckStatus'];
/** Group A: one row of the payment list. */
export type PaymentSummary = Answer<'/merchant/v1/payments', 'get'>[number];
export type PaymentCreate = Body<'/merchant/v1/payments', 'post'>;
export type PaymentUpdate = Body<'/merchant/v1/payments/{id}', 'put'>;
export type Refund = Answer<'/merchant/v1/payments/{id}/refund', 'post'>['result'];
export type RefundCreate = Body<'/merchant/v1/payments/{id}/refund', 'post'>;

export type RecurringPayment = Answer<'/merchant/v1/recurring-payments/{id}', 'get'>;
export type RecurringPaymentStatus = RecurringPayment['status'];
export type RecurringPaymentCreate = Body<'/merchant/v1/recurring-payments', 'post'>;
export type RecurringPaymentItem = Answer<'/merchant/v1/recurring-payments/{id}/payments', 'get'>[number];
export type RecurringPaymentItemStatus = RecurringPaymentItem['status'];

export type WebhookDelivery = Answer<'/merchant/v1/webhook-deliveries', 'get'>[number];

/** Group B. */
export type BankAccount = Answer<'/terminal/v1/companies/{companyId}/bank-accounts/{id}', 'get'>['data'];
export type BankAccountStatus = BankAccount['status'];
export type BankAccountCreate = Body<'/terminal/v1/companies/{companyId}/bank-accounts', 'post'>;

/** Group C. */
export type Integration = Answer<'/terminal/v1/companies/{companyId}/integrations/{id}', 'get'>['data'];
export type IntegrationCreate = Body<'/terminal/v1/companies/{companyId}/integrations', 'post'>;
export type CreatedIntegration = Answer<'/terminal/v1/companies/{companyId}/integrations', 'post'>['result'];

/** Group D. */
export type Company = Answer<'/partner/v1/companies/{companyId}', 'get'>['data'];
export type CompanyStatus = Company['status'];
export type CompanyCreate = Body<'/partner/v1/companies', 'post'>;
export type PartnerPayment = Answer<'/partner/v1/companies/{companyId}/payments/{id}', 'get'>['data'];
export type PartnerPaymentCreate = Body<'/partner/v1/companies/{companyId}/payments', 'post'>;
export type PartnerBankAccount = Answer<
  '/partner/v1/companies/{companyId}/bank-accounts/{id}',
  'get'
>['data'];
export type Transaction = Answer<'/partner/v1/companies/{companyId}/transactions/{id}', 'get'>['data'];
export type TransactionStatus = Transaction['status'];
export type PartnerSettings = Answer<'/partner/v1/settings', 'get'>['data'];

/** Operator. */
export type PartnerCreate = Body<'/admin/v1/partners', 'post'>;
export type CreatedPartner = Answer<'/admin/v1/partners', 'post'>;
export type CreatedTerminal = Answer<'/admin/v1/partners/{partnerId}/terminals', 'post'>;
