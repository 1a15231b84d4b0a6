// What the dispatcher's main thread and its sender thread say to each other (webhook-sender.ts).
import type { AttemptResult } from '../domain/events/send-webhook.js';

/** One webhook to send: its target (secrets opened) and its event, under a key for the answer. */
export interface SendRequest {
  key: number;
  url: string;
  secrets: readonly string[];
  id: string;
  payload: string;
}

export type ToSender = { type: 'send'; requests: SendRequest[] } | { type: 'close' };

/** An attempt's result, or why there is none (sendWebhook failed, which on the main thread it throws). */
export type SendResult = { key: number; result: AttemptResult } | { key: number; failure: string };

export type FromSender = { type: 'results'; results: SendResult[] } | { type: 'closed' };
