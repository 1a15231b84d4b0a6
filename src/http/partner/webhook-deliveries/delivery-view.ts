import { Type } from '@sinclair/typebox';
import type { Delivery } from '../../../domain/events/event.js';
import { Id, Nullable, Timestamp } from '../../schemas.js';

const Attempt = Type.Object({
  attemptedAt: Timestamp,
  url: Nullable(Type.String()),
  statusCode: Nullable(Type.Integer({ description: 'HTTP status; null after a time-out or network error' })),
  latencyMs: Type.Integer(),
  error: Nullable(Type.String()),
  outcome: Type.Union([Type.Literal('delivered'), Type.Literal('retry'), Type.Literal('failed')]),
});

export const DeliveryView = Type.Object(
  {
    id: Id,
    eventName: Type.String(),
    resourceType: Type.String(),
    resourceId: Type.String(),
    destination: Type.Object({
      kind: Type.Union([Type.Literal('integration'), Type.Literal('partner')]),
      integrationId: Type.Optional(Id),
    }),
    status: Type.Union(
      [Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('skipped')],
      { description: 'skipped: there was no webhook URL to send it to' },
    ),
    attemptCount: Type.Integer(),
    nextAttemptAt: Nullable(Timestamp, {
      description:
        'pending only; while its receiver is held back (found down), a time ahead (a minute at first, then as long as it has been down so far, up to an hour), moved on while it stays down: it goes as soon as the worker holding it back has a probe answered or stops, and at that time at the latest if that worker is gone',
    }),
    lastError: Nullable(Type.String()),
    createdAt: Timestamp,
    finishedAt: Nullable(Timestamp),
    payload: Type.Record(Type.String(), Type.Unknown(), { description: 'the JSON body posted' }),
    attempts: Type.Array(Attempt),
  },
  { title: 'WebhookDelivery' },
);

export function toDeliveryView(delivery: Delivery) {
  return {
    ...delivery,
    destination:
      delivery.destination.kind === 'integration'
        ? { kind: 'integration' as const, integrationId: delivery.destination.integrationId }
        : { kind: 'partner' as const },
    attempts: delivery.attempts.map(({ target, ...attempt }) => ({ ...attempt, url: target })),
  };
}
