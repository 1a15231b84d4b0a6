// One e-mail attempt through the Mailer port.
import { performance } from 'node:perf_hooks';
import { MailError, type Mailer } from '../mail/mailer.js';
import type { QueuedEmail } from '../mail/outbox-mail.js';
import type { AttemptResult } from './send-webhook.js';

export async function sendEmail(
  mailer: Mailer,
  defaultFrom: string,
  event: { id: string; payload: string },
): Promise<AttemptResult> {
  const started = performance.now();
  const queued = JSON.parse(event.payload) as QueuedEmail;
  try {
    await mailer.send({
      id: event.id,
      from: queued.from ?? defaultFrom,
      to: queued.to,
      cc: queued.cc,
      replyTo: queued.replyTo ?? undefined,
      subject: queued.subject,
      text: queued.text,
      html: queued.html ?? undefined,
    });
    return {
      statusCode: null,
      latencyMs: Math.round(performance.now() - started),
      error: null,
      verdict: 'delivered',
    };
  } catch (err) {
    const mailError = err instanceof MailError ? err : new MailError(String(err), false, null);
    return {
      statusCode: mailError.responseCode,
      latencyMs: Math.round(performance.now() - started),
      error: mailError.message,
      verdict: mailError.permanent ? 'final' : 'retryable',
    };
  }
}
