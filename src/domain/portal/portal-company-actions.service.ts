// The company page's actions: an officer's verification link copied or e-mailed again, integrations
// created and their secrets rotated; each through the API's own functions, scoped to the user's partner,
// and recorded in the audit log. Secrets are answered once and never recorded.
import type { Deps } from '../../context.js';
import { assertCompanyNotBanned } from '../companies/company-status.js';
import { type RenewedLink, renewVerificationLink } from '../companies/officer-link.service.js';
import type { IntegrationWithSecrets, IntegrationWrite } from '../integrations/integration.js';
import {
  createIntegration,
  getIntegration,
  rotateSecretKey,
  rotateWebhookSecret,
} from '../integrations/integration.service.js';
import { recordAudit } from './audit.js';
import { portalCompany } from './portal-companies.service.js';
import type { PortalUser } from './portal-user.js';

async function audit(deps: Deps, user: PortalUser, action: string, target: string, ip: string) {
  await recordAudit(deps.db, deps.clock.now(), {
    partnerId: user.partnerId,
    actor: user.email,
    action,
    target,
    ip,
  });
}

/** A new verification link for the officer; `send`: e-mailed too, as at company creation. */
export async function officerLink(
  deps: Deps,
  user: PortalUser,
  companyId: string,
  officerId: string,
  send: boolean,
  ip: string,
): Promise<RenewedLink> {
  const company = await portalCompany(deps, user, companyId);
  const renewed = await renewVerificationLink(deps, company.id, officerId, send);
  const target = `${renewed.officer.name} of ${company.name} (${renewed.officer.id})`;
  await audit(deps, user, send ? 'verification_link_sent' : 'verification_link_copied', target, ip);
  return renewed;
}

export async function createPortalIntegration(
  deps: Deps,
  user: PortalUser,
  companyId: string,
  input: IntegrationWrite,
  ip: string,
): Promise<Required<IntegrationWithSecrets>> {
  const company = await portalCompany(deps, user, companyId);
  assertCompanyNotBanned(company);
  const created = await createIntegration(deps, company.id, input);
  const { integration } = created;
  await audit(deps, user, 'integration_created', `${integration.name} (${integration.id})`, ip);
  return created;
}

export type IntegrationSecret = 'secret-key' | 'webhook-secret';

/** A new secret-key (the old one stops at once) or webhook secret (the old one signs for a day). */
export async function rotateIntegrationSecret(
  deps: Deps,
  user: PortalUser,
  companyId: string,
  integrationId: string,
  which: IntegrationSecret,
  ip: string,
): Promise<{ integrationId: string; secretKey?: string; webhookSecret?: string }> {
  const company = await portalCompany(deps, user, companyId);
  assertCompanyNotBanned(company);
  const integration = await getIntegration(deps, company.id, integrationId);
  const target = `${integration.name} (${integration.id})`;
  if (which === 'secret-key') {
    const secretKey = await rotateSecretKey(deps, company.id, integration.id);
    await audit(deps, user, 'integration_secret_key_rotated', target, ip);
    return { integrationId: integration.id, secretKey };
  }
  const webhookSecret = await rotateWebhookSecret(deps, company.id, integration.id);
  await audit(deps, user, 'integration_webhook_secret_rotated', target, ip);
  return { integrationId: integration.id, webhookSecret };
}
