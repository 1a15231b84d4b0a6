import type { Generated } from 'kysely';
import type { AttemptOutcome, DestinationKind, EventChannel, EventState } from './event.js';

export interface EventTable {
  seq: Generated<number>;
  id: string;
  channel: EventChannel;
  destination_kind: DestinationKind;
  /** Integration or partner id; null for e-mail. */
  destination_id: string | null;
  /** The partner whose delivery log shows the event (null for e-mail). */
  partner_id: string | null;
  event_name: string;
  resource_type: string;
  resource_id: string;
  /** destination + resource: events with the same key are delivered one after another, in seq order. */
  order_key: string;
  payload: string;
  state: EventState;
  /** Attempts in the current round (a redelivery starts a new round). */
  attempts: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
  /** The attempt that delivered the event, when it did (migration 0029); the others are in event_attempts. */
  delivered_attempt_at: string | null;
  delivered_target: string | null;
  delivered_status_code: number | null;
  delivered_latency_ms: number | null;
}

export interface EventAttemptTable {
  id: string;
  event_id: string;
  attempted_at: string;
  /** The URL posted to, or `smtp` / `file` for e-mail. */
  target: string | null;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  outcome: AttemptOutcome;
}
