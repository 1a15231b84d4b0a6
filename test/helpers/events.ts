// Helpers for outbox tests: integrations and partners whose webhooks go to a local receiver, and events
// recorded the way a domain service records them (recordEvent inside a transaction).
import { randomBytes } from 'node:crypto';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { newId } from '../../src/domain/ids.js';
import type { TestApp } from './app.js';
import { createIntegration, type Partner } from './fixtures.js';
import type { WebhookReceiver } from './webhook-receiver.js';

export async function integrationWithReceiver(
  app: TestApp,
  partner: Partner,
  companyId: string,
  receiver: WebhookReceiver,
  overrides: Record<string, unknown> = {},
) {
  const path = `/integration/${randomBytes(4).toString('hex')}`;
  const integration = await createIntegration(app, partner, companyId, {
    webhookUrl: receiver.urlFor(path),
    ...overrides,
  });
  receiver.setSecret(path, integration.webhookSecret);
  return integration;
}

/** Records a payment status webhook for `paymentId`, as the payment service would, in its own transaction. */
export async function recordPaymentEvent(
  app: TestApp,
  integrationId: string,
  paymentId: string,
  status: string,
): Promise<string> {
  return app.deps.db.transaction().execute(async (trx) => {
    const id = newId();
    const now = app.deps.clock.now();
    return recordEvent(trx, now, {
      id,
      destination: { kind: 'integration', integrationId },
      eventName: 'payment.status_updated',
      resourceType: 'payment',
      resourceId: paymentId,
      payload: {
        eventName: 'payment.status_updated',
        eventId: id,
        createdAt: now.toISOString(),
        data: { id: paymentId, status },
      },
    });
  });
}

export async function eventRow(app: TestApp, id: string) {
  return app.deps.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function attemptsOf(app: TestApp, id: string) {
  return app.deps.db
    .selectFrom('event_attempts')
    .selectAll()
    .where('event_id', '=', id)
    .orderBy('attempted_at')
    .execute();
}
