// The database as Kysely sees it: one interface per table, snake_case columns.
// Booleans are stored as 0/1 integers and JSON as text so that SQLite and PostgreSQL share one schema.
// Each table's row type lives with its domain concept; this file only gathers them.
import type { BankAccountTable } from '../domain/bank-accounts/bank-account.row.js';
import type { BankConsentTable } from '../domain/bank-accounts/bank-consent.row.js';
import type { CompanyBrandingTable } from '../domain/branding/branding.row.js';
import type { CompanyTable } from '../domain/companies/company.row.js';
import type { OfficerTable } from '../domain/companies/officer.row.js';
import type { EventAttemptTable, EventTable } from '../domain/events/event.row.js';
import type { StoredFileTable } from '../domain/files/stored-file.row.js';
import type { IntegrationTable } from '../domain/integrations/integration.row.js';
import type {
  AdminTokenTable,
  PartnerApiKeyTable,
  PartnerTable,
  TerminalTable,
} from '../domain/partners/partner.row.js';
import type { PaymentActionTable, PaymentCountTable, PaymentTable } from '../domain/payments/payment.row.js';
import type { PaymentAttemptTable } from '../domain/payments/payment-attempt.row.js';
import type { RefundTable } from '../domain/payments/refund.row.js';
import type {
  PortalAuditTable,
  PortalLinkTable,
  PortalRecoveryCodeTable,
  PortalSessionTable,
  PortalSignInFailureTable,
  PortalUserTable,
} from '../domain/portal/portal.row.js';
import type {
  RecurringActionTable,
  RecurringAuthorisationTable,
  RecurringItemTable,
  RecurringPaymentTable,
} from '../domain/recurring/recurring.row.js';
import type { TransactionTable } from '../domain/transactions/transaction.row.js';
import type { OpenBankingGrantTable } from '../providers/open-banking/grant.row.js';
import type {
  SandboxAccountTable,
  SandboxClientTable,
  SandboxConsentTable,
  SandboxCustomerTable,
  SandboxIdempotencyTable,
  SandboxPaymentTable,
  SandboxStandingOrderPaymentTable,
  SandboxStandingOrderTable,
  SandboxTokenTable,
  SandboxTransactionTable,
} from '../providers/sandbox-bank/sandbox-bank.row.js';
import type { JobRunTable } from '../workers/job-run.row.js';
import type { IdempotencyKeyTable, SettingTable } from './system.row.js';

export interface Database {
  admin_tokens: AdminTokenTable;
  partners: PartnerTable;
  partner_api_keys: PartnerApiKeyTable;
  terminals: TerminalTable;
  companies: CompanyTable;
  company_branding: CompanyBrandingTable;
  officers: OfficerTable;
  integrations: IntegrationTable;
  bank_accounts: BankAccountTable;
  bank_consents: BankConsentTable;
  files: StoredFileTable;
  idempotency_keys: IdempotencyKeyTable;
  settings: SettingTable;
  sandbox_bank_customers: SandboxCustomerTable;
  sandbox_bank_accounts: SandboxAccountTable;
  sandbox_bank_transactions: SandboxTransactionTable;
  sandbox_bank_consents: SandboxConsentTable;
  sandbox_bank_tokens: SandboxTokenTable;
  sandbox_bank_clients: SandboxClientTable;
  sandbox_bank_payments: SandboxPaymentTable;
  sandbox_bank_standing_orders: SandboxStandingOrderTable;
  sandbox_bank_standing_order_payments: SandboxStandingOrderPaymentTable;
  sandbox_bank_idempotency: SandboxIdempotencyTable;
  open_banking_grants: OpenBankingGrantTable;
  events: EventTable;
  event_attempts: EventAttemptTable;
  job_runs: JobRunTable;
  payments: PaymentTable;
  payment_actions: PaymentActionTable;
  payment_counts: PaymentCountTable;
  payment_attempts: PaymentAttemptTable;
  refunds: RefundTable;
  transactions: TransactionTable;
  recurring_payments: RecurringPaymentTable;
  recurring_payment_items: RecurringItemTable;
  recurring_payment_actions: RecurringActionTable;
  recurring_authorisations: RecurringAuthorisationTable;
  portal_users: PortalUserTable;
  portal_links: PortalLinkTable;
  portal_sessions: PortalSessionTable;
  portal_recovery_codes: PortalRecoveryCodeTable;
  portal_sign_in_failures: PortalSignInFailureTable;
  portal_audit: PortalAuditTable;
}
