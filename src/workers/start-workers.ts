// The background workers of one process: the outbox dispatcher and the scheduler.
import type { Deps } from '../context.js';
import { closeWebhookAgents } from '../domain/webhooks/webhook-agent.js';
import { type DispatcherOptions, startDispatcher } from './dispatcher.js';
import { type SchedulerOptions, startScheduler } from './scheduler.js';
import { WebhookSender } from './webhook-sender.js';

export interface WorkerOptions {
  dispatcher?: DispatcherOptions;
  scheduler?: SchedulerOptions;
}

/** Starts both loops; the returned function stops them gracefully (see Stoppable.stop). */
export function startWorkers(deps: Deps, options: WorkerOptions = {}): () => Promise<void> {
  const sender = new WebhookSender({ allowPrivate: deps.config.allowPrivateWebhooks, log: deps.log });
  const dispatcher = startDispatcher(deps, { send: sender.send, ...options.dispatcher });
  const scheduler = startScheduler(deps, options.scheduler);
  let stopped: Promise<void> | undefined;
  return () => {
    stopped ??= (async () => {
      await Promise.all([scheduler.stop(), dispatcher.stop()]);
      await Promise.all([sender.close(), closeWebhookAgents()]);
    })();
    return stopped;
  };
}
