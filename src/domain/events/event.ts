// Outbox events: what a merchant or partner must hear about, kept until delivered (or given up on).

export type EventChannel = 'webhook' | 'email';
export type DestinationKind = 'integration' | 'partner' | 'email';

/** pending: due or waiting for a retry; delivered: a 2xx (or the mail server accepted it); failed: no
 * more attempts; skipped: there was nowhere to send it (no webhook URL, integration deleted). */
export type EventState = 'pending' | 'delivered' | 'failed' | 'skipped';

/** delivered; retry: failed, another attempt is scheduled; failed: failed, no further attempt. */
export type AttemptOutcome = 'delivered' | 'retry' | 'failed';

export type EventDestination =
  | { kind: 'integration'; integrationId: string }
  | { kind: 'partner'; partnerId: string };

export interface DeliveryAttempt {
  attemptedAt: string;
  target: string | null;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  outcome: AttemptOutcome;
}

/** One webhook event as its partner sees it in the delivery log. */
export interface Delivery {
  id: string;
  eventName: string;
  resourceType: string;
  resourceId: string;
  destination: EventDestination;
  status: EventState;
  attemptCount: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
  payload: Record<string, unknown>;
  attempts: DeliveryAttempt[];
}

/** What the delivery log may be narrowed to (the portal's filters); every field optional. */
export interface DeliveryFilter {
  status?: EventState | undefined;
  eventName?: string | undefined;
  /** Webhooks to the integrations of this company. */
  companyId?: string | undefined;
  /** ISO timestamps: created at or after, and before. */
  createdFrom?: string | undefined;
  createdBefore?: string | undefined;
  /** Webhooks about this resource (a payment's, on its page). */
  resourceId?: string | undefined;
}

/** Payment-family events follow the integration's retry flag (API.md 8). */
export function isPaymentEvent(eventName: string): boolean {
  return eventName.startsWith('payment.') || eventName.startsWith('recurring_payment.');
}
