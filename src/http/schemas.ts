// Schemas shared by many routes. Written once: they validate, type the handlers and document the API.
import { type SchemaOptions, type TSchema, Type } from '@sinclair/typebox';
import { BANK_ACCOUNT_STATUSES } from '../domain/bank-accounts/bank-account.js';
import { COMPANY_STATUSES } from '../domain/companies/company.js';
import { ID_PATTERN } from '../domain/ids.js';
import { AMOUNT_MAX_LENGTH, AMOUNT_PATTERN } from '../domain/money.js';
import { DATA_API_CHECK_STATUSES, PAYMENT_STATUSES } from '../domain/payments/payment.js';
import { ITEM_STATUSES, RECURRING_STATUSES } from '../domain/recurring/recurring.js';
import { FREQUENCIES } from '../domain/recurring/schedule.js';
import { TRANSACTION_STATUSES } from '../domain/transactions/transaction.js';
import { PROBLEM_CODES } from './problem.js';

/**
 * A pattern the document shows but the route's own validation leaves to the domain (which names the rule a
 * value breaks): openapi-document.ts turns it into `pattern`. A value the document refuses is still refused.
 */
export const DOCUMENTED_PATTERN = 'x-documented-pattern';

/**
 * A string enumeration as JSON Schema's `enum` (what client generators turn into a union type). Typed as a
 * string in the handlers: the domain's views carry statuses as strings (stored snapshots included), and the
 * validating test helper holds every answer to the enumeration.
 */
export const StringEnum = (
  values: readonly string[],
  options: { title?: string; description?: string; default?: string } = {},
) => Type.Unsafe<string>({ type: 'string', enum: [...values], ...options });

export const Id = Type.String({ pattern: ID_PATTERN, description: '24 lowercase hex characters' });
export const Amount = Type.String({
  pattern: AMOUNT_PATTERN,
  maxLength: AMOUNT_MAX_LENGTH,
  description: 'two decimals, e.g. 12.50',
});
/**
 * Every amount a request carries: bounded in length, so that no amount overflows into a 500. The rules
 * (two decimals, above 0.00, at most MAX_AMOUNT) are the domain's, which names each failing field.
 */
export const AmountInput = (description: string) =>
  Type.String({ maxLength: AMOUNT_MAX_LENGTH, description, [DOCUMENTED_PATTERN]: AMOUNT_PATTERN });
// The status sets of API.md 7, named in the document so that clients get one type for each.
export const PaymentStatus = StringEnum(PAYMENT_STATUSES, { title: 'PaymentStatus' });
export const DataApiCheckStatus = StringEnum(DATA_API_CHECK_STATUSES, { title: 'DataApiCheckStatus' });
export const RecurringPaymentStatus = StringEnum(RECURRING_STATUSES, { title: 'RecurringPaymentStatus' });
export const RecurringItemStatus = StringEnum(ITEM_STATUSES, { title: 'RecurringItemStatus' });
export const Frequency = Type.Unsafe<(typeof FREQUENCIES)[number]>({
  type: 'string',
  enum: [...FREQUENCIES],
  title: 'Frequency',
});
export const TransactionStatus = StringEnum(TRANSACTION_STATUSES, { title: 'TransactionStatus' });
export const BankAccountStatus = StringEnum(BANK_ACCOUNT_STATUSES, { title: 'BankAccountStatus' });
/** Group D shows the bank account statuses with spaces (spec 2.8). */
export const PartnerBankAccountStatus = StringEnum(
  ['pending', 'verified', 'disabled', 'manual review required'] as const,
  { title: 'PartnerBankAccountStatus' },
);
export const CompanyStatus = StringEnum(COMPANY_STATUSES, { title: 'CompanyStatus' });
export const Timestamp = Type.String({ description: 'ISO 8601 UTC with milliseconds' });
export const Nullable = <T extends TSchema>(schema: T, options: SchemaOptions = {}) =>
  Type.Union([schema, Type.Null()], options);

export const IdParams = Type.Object({ id: Id });
export const CompanyParams = Type.Object({ companyId: Id });
export const CompanyIdParams = Type.Object({ companyId: Id, id: Id });

/**
 * The page number of every list. Bounded: a page like 1e20 made an offset the databases cannot bind (a
 * 500); a million pages of the largest limit is a billion rows, beyond any list here.
 */
export const PageNumber = Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 });

export const PageQuery = Type.Object({
  page: PageNumber,
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
});

export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    code: StringEnum(PROBLEM_CODES, { title: 'ProblemCode' }),
    detail: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
    requestId: Type.String(),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details' },
);

const problemRef = Type.Ref('Problem');

/** The error responses a route can give, for the OpenAPI document. */
export function errors(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const status of [...statuses, 500]) out[status] = problemRef;
  return out;
}

/** Paging envelope of groups B and C (spec 2.12). */
export function PagingB<T extends TSchema>(doc: T) {
  return Type.Object({
    data: Type.Object({
      page: Type.Integer(),
      totalDocs: Type.Integer(),
      totalPages: Type.Integer(),
      limit: Type.Integer(),
      hasNextPage: Type.Boolean(),
      docs: Type.Array(doc),
    }),
  });
}
