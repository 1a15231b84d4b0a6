// The partner's view of its webhooks: the delivery log and redelivery (API.md 8).
import type { Deps } from '../../context.js';
import type { Page, PageRequest } from '../../store/paging.js';
import { DomainError, notFound } from '../errors.js';
import { isId } from '../ids.js';
import type { Delivery, DeliveryFilter } from './event.js';
import * as repo from './event.repository.js';

/** Webhooks to the partner itself and to the integrations of its companies, newest first. */
export async function listDeliveries(
  deps: Deps,
  partnerId: string,
  request: PageRequest,
  filter: DeliveryFilter = {},
): Promise<Page<Delivery>> {
  return repo.pageDeliveries(deps.db, partnerId, request, filter);
}

export async function getDelivery(deps: Deps, partnerId: string, id: string): Promise<Delivery> {
  const delivery = isId(id) ? await repo.findDelivery(deps.db, partnerId, id) : undefined;
  if (!delivery) throw notFound('webhook delivery');
  return delivery;
}

/**
 * Sends a finished webhook again, now, with the same webhook-id (the receiver's idempotency key) and a
 * fresh retry schedule. One still pending is already on its way: 409.
 */
export async function redeliver(deps: Deps, partnerId: string, id: string): Promise<Delivery> {
  const delivery = await getDelivery(deps, partnerId, id);
  if (!(await repo.requeueEvent(deps.db, partnerId, id, deps.clock.now()))) {
    throw new DomainError(
      'invalid_state',
      `this webhook is ${delivery.status} already; it can be redelivered once it is delivered, failed or skipped`,
    );
  }
  return getDelivery(deps, partnerId, id);
}
