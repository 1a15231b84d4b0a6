// Company creation (spec 4.D), the one path for the partner and the operator: the company, its officers,
// and optionally its first bank account and an integration receiving into it, all in one transaction
// with the verification e-mails. Only the first status differs by who creates it.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import type { BankAccount } from '../bank-accounts/bank-account.js';
import { createBankAccount } from '../bank-accounts/bank-account.service.js';
import { DomainError, type FieldError, invalid } from '../errors.js';
import type { IntegrationWithSecrets } from '../integrations/integration.js';
import { createIntegration } from '../integrations/integration.service.js';
import { recordEmail } from '../mail/outbox-mail.js';
import { getPartner } from '../partners/partner.service.js';
import type { CompanyCreate, CompanyStatus, RegisteredCompany } from './company.js';
import { registerCompany } from './company.service.js';
import { verificationEmail } from './verification-email.js';

/** The bank account of the company create body, in the group D form (spec 2.8). */
export interface OnboardingBankAccount {
  name: string;
  providerExternalId: string;
  /** Account number, 8 digits. */
  externalAccountId: string;
  /** Sort code, 6 digits. */
  identification: string;
}

export interface OnboardingIntegration {
  name: string;
  webhookUrl: string;
  redirectUrl?: string | undefined;
  servicePaymentPageRedirectEnabled: boolean;
  isRetryWebhookEnabled?: boolean | undefined;
  isSandbox?: boolean | undefined;
}

export interface CompanyOnboarding extends CompanyCreate {
  /** E-mail each officer's verification link to publicEmail, with the partner's e-mail settings. */
  sendEmail: boolean;
  bankAccount?: OnboardingBankAccount | undefined;
  integration?: OnboardingIntegration | undefined;
}

export interface OnboardedCompany extends RegisteredCompany {
  bankAccount: BankAccount | null;
  integration: Required<IntegrationWithSecrets> | null;
}

const BANK_ACCOUNT_FIELDS: Record<string, string> = {
  '/sortCode': '/bankAccount/identification',
  '/accountNumber': '/bankAccount/externalAccountId',
  '/provider': '/bankAccount/providerExternalId',
  '/name': '/bankAccount/name',
};

/** Runs a nested service and reports its field errors under the field of the company body they belong to. */
async function within<T>(field: (inner: string) => string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof DomainError) || err.code !== 'validation_failed' || !err.errors) throw err;
    const errors: FieldError[] = err.errors.map((e) => ({ ...e, field: field(e.field) }));
    const detail = errors.map((e) => `${e.field.replace(/^\//, '')} ${e.message}`).join('; ');
    throw new DomainError('validation_failed', detail, errors);
  }
}

/**
 * Who creates the company. A partner's starts pending_verification, then its officers' verification sets
 * its status; the operator vouches for the company itself: status as given, default active (API.md 2).
 */
export type CompanyCreator = 'partner' | 'operator';

function firstStatus(creator: CompanyCreator, requested: CompanyStatus | undefined): CompanyStatus {
  if (creator === 'operator') return requested ?? 'active';
  if (requested !== undefined && requested !== 'pending_verification') {
    throw invalid('/status', "must be pending_verification: the officers' verification sets the status");
  }
  return 'pending_verification';
}

export async function onboardCompany(
  deps: Deps,
  partnerId: string,
  input: CompanyOnboarding,
  creator: CompanyCreator,
): Promise<OnboardedCompany> {
  const status = firstStatus(creator, input.status);
  const partner = await getPartner(deps, partnerId);
  if (input.sendEmail && !partner.emailFrom) {
    throw invalid(
      '/sendEmail',
      'needs the e-mail settings of the partner first (PUT /partner/v1/settings with email.fromAddress)',
    );
  }
  return withTransaction(deps, async (tx) => {
    const registered = await registerCompany(tx, partnerId, input, status);
    const { company } = registered;
    const details = input.bankAccount;
    const bankAccount = details
      ? await within(
          (f) => BANK_ACCOUNT_FIELDS[f] ?? `/bankAccount${f}`,
          () =>
            createBankAccount(tx, company.id, {
              name: details.name,
              provider: details.providerExternalId,
              accountNumber: details.externalAccountId,
              sortCode: details.identification,
            }),
        )
      : null;
    const wanted = input.integration;
    const integration = wanted
      ? await within(
          (f) => `/integration${f}`,
          () =>
            createIntegration(tx, company.id, {
              ...wanted,
              ...(bankAccount ? { bankAccountId: bankAccount.id } : {}),
            }),
        )
      : null;
    if (input.sendEmail) {
      for (const { officer, verificationUrl } of registered.officers) {
        if (!verificationUrl) continue;
        await recordEmail(
          tx.db,
          tx.clock.now(),
          verificationEmail(partner, company, officer, verificationUrl),
        );
      }
    }
    return { ...registered, bankAccount, integration };
  });
}
