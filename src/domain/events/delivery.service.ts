// The delivery log and redelivery of webhooks (API.md 8), for a partner or a merchant (DeliveryScope).
import type { Deps } from '../../context.js';
import type { Page, PageRequest } from '../../store/paging.js';
import { DomainError, notFound } from '../errors.js';
import { isId } from '../ids.js';
import type { Delivery, DeliveryFilter } from './event.js';
import type { DeliveryScope } from './event.repository.js';
import * as repo from './event.repository.js';

/** The scope's webhooks, newest first. */
export async function listDeliveries(
  deps: Deps,
  scope: DeliveryScope,
  request: PageRequest,
  filter: DeliveryFilter = {},
): Promise<Page<Delivery>> {
  return repo.pageDeliveries(deps.db, scope, request, filter);
}

export async function getDelivery(deps: Deps, scope: DeliveryScope, id: string): Promise<Delivery> {
  const delivery = isId(id) ? await repo.findDelivery(deps.db, scope, id) : undefined;
  if (!delivery) throw notFound('webhook delivery');
  return delivery;
}

/**
 * Sends a finished webhook again, now, with the same webhook-id (the receiver's idempotency key) and a
 * fresh retry schedule. One still pending is already on its way: 409.
 */
export async function redeliver(deps: Deps, scope: DeliveryScope, id: string): Promise<Delivery> {
  const delivery = await getDelivery(deps, scope, id);
  if (!(await repo.requeueEvent(deps.db, deps.engine, scope, id, deps.clock.now()))) {
    throw new DomainError(
      'invalid_state',
      `this webhook is ${delivery.status} already; it can be redelivered once it is delivered, failed or skipped`,
    );
  }
  return getDelivery(deps, scope, id);
}
