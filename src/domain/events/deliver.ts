// Delivers claimed outbox events (webhooks and e-mails) and turns each attempt into the event's next state.
import type { Deps } from '../../context.js';
import { newId } from '../ids.js';
import { signingSecrets } from '../webhooks/webhook-secrets.js';
import type { EventOutcome, EventRow, WebhookTarget } from './event.repository.js';
import { resolveTargets } from './event.repository.js';
import { MAIL_RETRIES, nextDelay, webhookRetries } from './retry-policy.js';
import { sendEmail } from './send-email.js';
import { type AttemptResult, sendWebhook } from './send-webhook.js';

function outcomeOf(
  event: EventRow,
  target: string | null,
  attemptedAt: Date,
  result: AttemptResult,
  schedule: readonly number[],
  now: Date,
): EventOutcome {
  const attempts = event.attempts + 1;
  const delay = result.verdict === 'retryable' ? nextDelay(schedule, attempts) : undefined;
  const state = result.verdict === 'delivered' ? 'delivered' : delay === undefined ? 'failed' : 'pending';
  const error = result.error ?? (result.statusCode !== null ? `HTTP ${result.statusCode}` : null);
  return {
    seq: event.seq,
    eventId: event.id,
    state,
    attempts,
    nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay).toISOString(),
    finishedAt: state === 'pending' ? null : now.toISOString(),
    lastError: state === 'delivered' ? null : error,
    attempt: {
      id: newId(),
      event_id: event.id,
      attempted_at: attemptedAt.toISOString(),
      target,
      status_code: result.statusCode,
      latency_ms: result.latencyMs,
      error: result.error,
      outcome: state === 'delivered' ? 'delivered' : state === 'pending' ? 'retry' : 'failed',
    },
  };
}

function skipped(event: EventRow, reason: string, now: Date): EventOutcome {
  return {
    seq: event.seq,
    eventId: event.id,
    state: 'skipped',
    attempts: event.attempts,
    nextAttemptAt: null,
    finishedAt: now.toISOString(),
    lastError: reason,
  };
}

/** Sends one webhook attempt: sendWebhook itself, or the dispatcher's (src/workers/webhook-sender.ts). */
export type SendWebhook = (
  target: { url: string; secrets: readonly string[] },
  event: { id: string; payload: string },
) => Promise<AttemptResult>;

async function deliverOne(
  deps: Deps,
  event: EventRow,
  target: WebhookTarget | undefined,
  send: SendWebhook,
): Promise<EventOutcome> {
  const attemptedAt = deps.clock.now();
  if (event.channel === 'email') {
    const result = await sendEmail(deps.mailer, deps.config.mailFrom, event);
    return outcomeOf(event, deps.mailer.kind, attemptedAt, result, MAIL_RETRIES, deps.clock.now());
  }
  if (!target) return skipped(event, `the ${event.destination_kind} no longer exists`, attemptedAt);
  const secrets = signingSecrets(deps.secrets, target.secrets, attemptedAt);
  if (target.unavailable || !target.url || secrets.length === 0) {
    return skipped(event, target.unavailable ?? 'no webhook URL', attemptedAt);
  }
  const result = await send({ url: target.url, secrets }, event);
  const kind = event.destination_kind === 'partner' ? 'partner' : 'integration';
  const schedule = webhookRetries(kind, event.event_name, target.retryFlag);
  return outcomeOf(event, target.url, attemptedAt, result, schedule, deps.clock.now());
}

/** Sends each event (concurrently; one per resource, as claimed) and answers their outcomes as they end. */
export async function deliverEvents(
  deps: Deps,
  events: EventRow[],
  onOutcome: (outcome: EventOutcome) => void,
  send: SendWebhook = (target, event) =>
    sendWebhook(target, event, { allowPrivate: deps.config.allowPrivateWebhooks }),
): Promise<void> {
  const targets = await resolveTargets(deps.db, events);
  await Promise.all(
    events.map(async (event) => {
      const outcome = await deliverOne(
        deps,
        event,
        targets.get(`${event.destination_kind}:${event.destination_id}`),
        send,
      ).catch((err: unknown): EventOutcome => {
        // A bug in sending must not leave the event leased for ever: record it and retry later.
        deps.log.error({ err, eventId: event.id }, 'delivering an event failed unexpectedly');
        return outcomeOf(
          event,
          null,
          deps.clock.now(),
          { statusCode: null, latencyMs: 0, error: String(err), verdict: 'retryable' },
          MAIL_RETRIES,
          deps.clock.now(),
        );
      });
      onOutcome(outcome);
    }),
  );
}
