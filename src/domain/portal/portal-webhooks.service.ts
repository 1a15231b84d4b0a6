// The webhooks page's actions, through the partner's own settings and delivery functions (the API's),
// each recorded in the audit log.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { DomainError } from '../errors.js';
import { redeliver } from '../events/delivery.service.js';
import type { Delivery } from '../events/event.js';
import { recordEvent } from '../events/outbox.js';
import { newId } from '../ids.js';
import { getPartner } from '../partners/partner.service.js';
import { rotatePartnerWebhookSecret, updatePartnerSettings } from '../partners/partner-settings.service.js';
import { recordAudit } from './audit.js';
import type { PortalUser } from './portal-user.js';

export const TEST_EVENT = 'webhook.test';

/**
 * Sets (or, with null, clears) the partner's webhook URL; a new URL gets a new signing secret, answered
 * here once. The URL check may look the host up in DNS, so it runs outside any transaction.
 */
export async function setWebhookUrl(
  deps: Deps,
  user: PortalUser,
  webhookUrl: string | null,
  ip: string,
): Promise<{ webhookSecret?: string }> {
  const { webhookSecret } = await updatePartnerSettings(deps, user.partnerId, { webhookUrl });
  await recordAudit(deps.db, deps.clock.now(), {
    partnerId: user.partnerId,
    actor: user.email,
    action: webhookUrl ? 'webhook_url_set' : 'webhook_url_cleared',
    target: webhookUrl,
    ip,
  });
  return webhookSecret ? { webhookSecret } : {};
}

/**
 * A new signing secret for the partner's webhook URL, answered once: the API's own rotation
 * (POST /partner/v1/settings/webhook-secret), so the old secret also signs for a day.
 */
export async function rotateWebhookSecret(deps: Deps, user: PortalUser, ip: string): Promise<string> {
  const webhookSecret = await rotatePartnerWebhookSecret(deps, user.partnerId);
  await recordAudit(deps.db, deps.clock.now(), {
    partnerId: user.partnerId,
    actor: user.email,
    action: 'webhook_secret_rotated',
    target: null,
    ip,
  });
  return webhookSecret;
}

/** Queues a signed test event to the partner's webhook URL, through the outbox like any other. */
export async function sendTestWebhook(deps: Deps, user: PortalUser, ip: string): Promise<string> {
  const partner = await getPartner(deps, user.partnerId);
  if (!partner.webhookUrl) throw new DomainError('invalid_state', 'set a webhook URL first');
  return withTransaction(deps, async (tx) => {
    const now = deps.clock.now();
    const id = newId();
    await recordEvent(tx.db, now, {
      id,
      destination: { kind: 'partner', partnerId: partner.id },
      eventName: TEST_EVENT,
      resourceType: 'partner',
      resourceId: partner.id,
      payload: {
        eventName: TEST_EVENT,
        eventId: id,
        createdAt: now.toISOString(),
        data: { partnerId: partner.id, message: 'A test event sent from the portal.' },
      },
    });
    await recordAudit(tx.db, now, {
      partnerId: partner.id,
      actor: user.email,
      action: 'webhook_test_sent',
      target: id,
      ip,
    });
    return id;
  });
}

export async function redeliverWebhook(
  deps: Deps,
  user: PortalUser,
  id: string,
  ip: string,
): Promise<Delivery> {
  const delivery = await redeliver(deps, { partnerId: user.partnerId }, id);
  await recordAudit(deps.db, deps.clock.now(), {
    partnerId: user.partnerId,
    actor: user.email,
    action: 'webhook_redelivered',
    target: `${delivery.eventName} (${id})`,
    ip,
  });
  return delivery;
}
