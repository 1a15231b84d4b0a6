// A partner's settings (the spec's partner portal, API.md 2): where its webhooks go and how the e-mails
// sent on its behalf are addressed.
import type { Deps } from '../../context.js';
import { DomainError } from '../errors.js';
import { changedWebhookSecret } from '../webhooks/webhook-secrets.js';
import { assertWebhookUrl } from '../webhooks/webhook-url.js';
import * as repo from './partner.repository.js';
import { getPartner } from './partner.service.js';

export interface PartnerSettings {
  webhookUrl: string | null;
  email: { fromAddress: string | null; replyTo: string | null };
}

/** Absent fields keep their value; null clears one. */
export interface PartnerSettingsUpdate {
  webhookUrl?: string | null | undefined;
  email?: { fromAddress?: string | null | undefined; replyTo?: string | null | undefined } | undefined;
}

export async function getPartnerSettings(deps: Deps, partnerId: string): Promise<PartnerSettings> {
  const partner = await getPartner(deps, partnerId);
  return {
    webhookUrl: partner.webhookUrl,
    email: { fromAddress: partner.emailFrom, replyTo: partner.emailReplyTo },
  };
}

/**
 * Saves the settings. A webhook URL that is set or changed gets a new signing secret, answered once
 * (API.md 8); clearing the URL drops the secret, and webhooks recorded meanwhile are skipped.
 */
export async function updatePartnerSettings(
  deps: Deps,
  partnerId: string,
  input: PartnerSettingsUpdate,
): Promise<{ settings: PartnerSettings; webhookSecret?: string }> {
  const current = await getPartner(deps, partnerId);
  let webhookSecret: string | undefined;
  const patch: Parameters<typeof repo.updatePartnerRow>[2] = {};
  if (input.webhookUrl !== undefined && input.webhookUrl !== current.webhookUrl) {
    if (input.webhookUrl === null) {
      patch.webhook_url = null;
      patch.webhook_secret = null;
      patch.webhook_secret_previous = null;
      patch.webhook_secret_previous_until = null;
    } else {
      await assertWebhookUrl(deps.config, '/webhookUrl', input.webhookUrl);
      const row = await repo.findPartnerRow(deps.db, partnerId);
      const changed = changedWebhookSecret(deps, row?.webhook_secret ?? null);
      webhookSecret = changed.webhookSecret;
      patch.webhook_url = input.webhookUrl;
      Object.assign(patch, changed.columns);
    }
  }
  if (input.email?.fromAddress !== undefined) patch.email_from = input.email.fromAddress;
  if (input.email?.replyTo !== undefined) patch.email_reply_to = input.email.replyTo;
  if (Object.keys(patch).length > 0) await repo.updatePartnerRow(deps.db, partnerId, patch);
  const settings = await getPartnerSettings(deps, partnerId);
  return webhookSecret ? { settings, webhookSecret } : { settings };
}

/** A new signing secret for the partner's webhook URL, answered once; the old one signs too for a day. */
export async function rotatePartnerWebhookSecret(deps: Deps, partnerId: string): Promise<string> {
  const row = await repo.findPartnerRow(deps.db, partnerId);
  if (!row?.webhook_url) throw new DomainError('invalid_state', 'set a webhook URL first');
  const { webhookSecret, columns } = changedWebhookSecret(deps, row.webhook_secret);
  await repo.updatePartnerRow(deps.db, partnerId, columns);
  return webhookSecret;
}
