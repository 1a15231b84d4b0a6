// Integrations of a managed company: the merchant credential (integration-id + secret-key), the webhook
// destination and the redirect behaviour. Shared by groups C and D; group A authenticates with it.
import type { Deps } from '../../context.js';
import type { PageRequest } from '../../store/paging.js';
import { mapPage, type Page } from '../../store/paging.js';
import * as bankAccounts from '../bank-accounts/bank-account.repository.js';
import { isoNow } from '../clock.js';
import type { CompanyStatus } from '../companies/company.js';
import { DomainError, notFound } from '../errors.js';
import { isId, newId, newSecret } from '../ids.js';
import type { ReceivingFacts } from '../payments/receiving-account.repository.js';
import { hashSecret, newWebhookSecret, secretMatches } from '../secrets.js';
import { changedWebhookSecret } from '../webhooks/webhook-secrets.js';
import { assertHttpUrl, assertWebhookUrl } from '../webhooks/webhook-url.js';
import type { Integration, IntegrationWithSecrets, IntegrationWrite } from './integration.js';
import * as repo from './integration.repository.js';

async function usableBankAccountId(deps: Deps, companyId: string, bankAccountId: string): Promise<string> {
  const account = isId(bankAccountId)
    ? await bankAccounts.findBankAccountRow(deps.db, companyId, bankAccountId)
    : undefined;
  if (!account) throw notFound('bank account');
  if (account.status === 'disabled') throw new DomainError('invalid_state', 'the bank account is disabled');
  return account.id;
}

async function checkUrls(deps: Deps, input: IntegrationWrite): Promise<void> {
  await assertWebhookUrl(deps.config, '/webhookUrl', input.webhookUrl);
  if (input.redirectUrl) assertHttpUrl('/redirectUrl', input.redirectUrl);
}

export async function createIntegration(
  deps: Deps,
  companyId: string,
  input: IntegrationWrite,
): Promise<Required<IntegrationWithSecrets>> {
  await checkUrls(deps, input);
  const bankAccountId = input.bankAccountId
    ? await usableBankAccountId(deps, companyId, input.bankAccountId)
    : ((await bankAccounts.findDefaultBankAccountRow(deps.db, companyId))?.id ?? null);
  const now = isoNow(deps.clock);
  const secretKey = newSecret();
  const webhookSecret = newWebhookSecret();
  const row = {
    id: newId(),
    company_id: companyId,
    name: input.name,
    webhook_url: input.webhookUrl,
    webhook_secret: deps.secrets.seal(webhookSecret),
    webhook_secret_previous: null,
    webhook_secret_previous_until: null,
    redirect_url: input.redirectUrl ?? null,
    service_page_redirect: input.servicePaymentPageRedirectEnabled ? 1 : 0,
    retry_webhooks: input.isRetryWebhookEnabled ? 1 : 0,
    is_sandbox: input.isSandbox ? 1 : 0,
    bank_account_id: bankAccountId,
    secret_hash: hashSecret(secretKey),
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await repo.insertIntegration(deps.db, row);
  return { integration: repo.toIntegration(row), secretKey, webhookSecret };
}

export async function getIntegration(deps: Deps, companyId: string, id: string): Promise<Integration> {
  const row = isId(id) ? await repo.findIntegrationRow(deps.db, companyId, id) : undefined;
  if (!row) throw notFound('integration');
  return repo.toIntegration(row);
}

export async function listIntegrations(
  deps: Deps,
  companyId: string,
  request: PageRequest,
): Promise<Page<Integration>> {
  return mapPage(await repo.pageIntegrationRows(deps.db, companyId, request), repo.toIntegration);
}

/**
 * Replaces the integration's settings; a changed webhook URL gets a new signing secret, answered once
 * (the old one signs too for a day).
 */
export async function updateIntegration(
  deps: Deps,
  companyId: string,
  id: string,
  input: IntegrationWrite,
): Promise<IntegrationWithSecrets> {
  const current = await getIntegration(deps, companyId, id);
  await checkUrls(deps, input);
  const bankAccountId = input.bankAccountId
    ? await usableBankAccountId(deps, companyId, input.bankAccountId)
    : current.bankAccountId;
  const changed =
    input.webhookUrl !== current.webhookUrl
      ? changedWebhookSecret(
          deps,
          (await repo.findIntegrationRow(deps.db, companyId, id))?.webhook_secret ?? null,
        )
      : undefined;
  const webhookSecret = changed?.webhookSecret;
  await repo.updateIntegrationRow(deps.db, companyId, id, {
    name: input.name,
    webhook_url: input.webhookUrl,
    ...changed?.columns,
    redirect_url: input.redirectUrl === undefined ? current.redirectUrl : input.redirectUrl,
    service_page_redirect: input.servicePaymentPageRedirectEnabled ? 1 : 0,
    retry_webhooks: (input.isRetryWebhookEnabled ?? current.isRetryWebhookEnabled) ? 1 : 0,
    is_sandbox: (input.isSandbox ?? current.isSandbox) ? 1 : 0,
    bank_account_id: bankAccountId,
    updated_at: isoNow(deps.clock),
  });
  const integration = await getIntegration(deps, companyId, id);
  return webhookSecret ? { integration, webhookSecret } : { integration };
}

/** Deletes the integration; its credentials stop working with the same write. */
export async function deleteIntegration(deps: Deps, companyId: string, id: string): Promise<void> {
  const now = isoNow(deps.clock);
  const deleted =
    isId(id) &&
    (await repo.updateIntegrationRow(deps.db, companyId, id, { deleted_at: now, updated_at: now }));
  if (!deleted) throw notFound('integration');
}

export async function attachBankAccount(
  deps: Deps,
  companyId: string,
  id: string,
  bankAccountId: string,
): Promise<Integration> {
  await getIntegration(deps, companyId, id);
  const accountId = await usableBankAccountId(deps, companyId, bankAccountId);
  await repo.updateIntegrationRow(deps.db, companyId, id, {
    bank_account_id: accountId,
    updated_at: isoNow(deps.clock),
  });
  return getIntegration(deps, companyId, id);
}

export async function rotateSecretKey(deps: Deps, companyId: string, id: string): Promise<string> {
  await getIntegration(deps, companyId, id);
  const secretKey = newSecret();
  await repo.updateIntegrationRow(deps.db, companyId, id, {
    secret_hash: hashSecret(secretKey),
    updated_at: isoNow(deps.clock),
  });
  return secretKey;
}

/** A new webhook signing secret, answered once; the old one keeps signing beside it for a day. */
export async function rotateWebhookSecret(deps: Deps, companyId: string, id: string): Promise<string> {
  const row = isId(id) ? await repo.findIntegrationRow(deps.db, companyId, id) : undefined;
  if (!row) throw notFound('integration');
  const { webhookSecret, columns } = changedWebhookSecret(deps, row.webhook_secret);
  await repo.updateIntegrationRow(deps.db, companyId, id, { ...columns, updated_at: isoNow(deps.clock) });
  return webhookSecret;
}

/** Who a merchant credential speaks for: its integration, company and partner. */
export interface MerchantCredential {
  integrationId: string;
  companyId: string;
  partnerId: string;
  companyStatus: CompanyStatus;
  /** The integration's own receiving account as the credential was checked (a create's facts in hand). */
  receiving: ReceivingFacts;
}

/** The integration whose `secret-key` this is, with its company; undefined for anything else. */
export async function authenticateIntegration(
  deps: Deps,
  integrationId: string,
  secretKey: string,
): Promise<MerchantCredential | undefined> {
  const row = isId(integrationId)
    ? await repo.findMerchantCredentialRow(deps.db, deps.engine, integrationId)
    : undefined;
  return row && credentialOf(row, secretKey);
}

/** The credential a row gives when `secretKey` is its secret; undefined when it is not. */
export function credentialOf(
  row: repo.MerchantCredentialRow,
  secretKey: string,
): MerchantCredential | undefined {
  if (!secretMatches(secretKey, row.secret_hash)) return undefined;
  return {
    integrationId: row.credential_integration_id,
    companyId: row.credential_company_id,
    partnerId: row.partner_id,
    companyStatus: row.company_status as CompanyStatus,
    receiving: {
      company_status: row.company_status,
      integration_id: row.credential_integration_id,
      integration_account_id: row.integration_account_id,
      is_sandbox: row.integration_is_sandbox,
      account_id: row.account_id,
      account_status: row.account_status,
      creation_type: row.creation_type,
    },
  };
}
