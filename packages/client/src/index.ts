// @paybank/client: a typed client for the paybank API (README.md beside this folder).
export { type AdminClient, type AdminOptions, createAdminClient } from './admin.js';
export type { Answered, RawClient, WriteOptions } from './call.js';
export { type FieldError, PaybankError, type Problem, type ProblemCode } from './errors.js';
export { createMerchantClient, type MerchantClient, type MerchantOptions } from './merchant.js';
export { type Page, type PageRequest, Paginated } from './pagination.js';
export {
  createPartnerClient,
  type PartnerClient,
  type PartnerOptions,
  type TransactionQuery,
} from './partner.js';
export { createTerminalClient, type TerminalClient, type TerminalOptions } from './terminal.js';
export { type RetryOptions, retryAfterMs, type TransportOptions } from './transport.js';
export * from './types.js';
export * from './webhooks.js';
