// The thread webhooks are sent from once they are many (webhook-sender.ts starts it): signing, the HTTP
// exchange and the receiver's answer, off the event loop that serves the API. It touches no database and
// holds nothing between sends but its keep-alive connections; the outbox stays on the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { sendWebhook } from '../domain/events/send-webhook.js';
import { closeWebhookAgents } from '../domain/webhooks/webhook-agent.js';
import type { FromSender, SendRequest, SendResult, ToSender } from './sender-messages.js';

if (!parentPort) throw new Error('sender-thread.ts runs as a worker thread (webhook-sender.ts)');
const port = parentPort;
const { allowPrivate } = workerData as { allowPrivate: boolean };

// Results go back together, once per turn of this thread's loop: a message each costs the main thread.
let results: SendResult[] = [];
const postResults = () => {
  if (results.length === 0) return;
  const message: FromSender = { type: 'results', results };
  port.postMessage(message);
  results = [];
};
const answer = (result: SendResult) => {
  if (results.length === 0) setImmediate(postResults);
  results.push(result);
};

const inFlight = new Set<Promise<void>>();
let closing = false;

function send(request: SendRequest): void {
  const { key } = request;
  if (closing) {
    answer({ key, failure: 'the webhook sender thread was closing' });
    return;
  }
  const sent = sendWebhook(request, request, { allowPrivate }).then(
    (result) => answer({ key, result }),
    (err: unknown) => answer({ key, failure: err instanceof Error ? err.message : String(err) }),
  );
  inFlight.add(sent);
  void sent.finally(() => inFlight.delete(sent));
}

async function close(): Promise<void> {
  closing = true;
  // Every send answered before the agents close and before 'closed', on which the main thread ends this one.
  await Promise.allSettled([...inFlight]);
  await closeWebhookAgents().catch(() => {});
  postResults();
  const closed: FromSender = { type: 'closed' };
  port.postMessage(closed);
}

port.on('message', (message: ToSender) => {
  if (message.type === 'close') void close();
  else for (const request of message.requests) send(request);
});
