// How the dispatcher sends webhooks: on the event loop that serves the API while they are few, and from a
// thread of its own (sender-thread.ts) once they are many. Under issue 14's load (1,000 creates and
// 2,000 deliveries a second) the API's event loop was at 73-78% of a core with the signing, undici and the
// receivers' answers on it, 56-61% with them here (bench/RESULTS.md, after the runs of 2026-12-02 07:03
// and 07:04). The thread costs 20-30 MB of memory (an isolate of its own, with its own undici), which a
// service whose webhooks are few need not pay: it starts in the first second with `threadFrom` sends,
// and stays until the dispatcher stops.
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../context.js';
import type { SendWebhook } from '../domain/events/deliver.js';
import { type AttemptResult, sendWebhook } from '../domain/events/send-webhook.js';
import { WEBHOOK_TIMEOUT_MS } from '../domain/webhooks/webhook-agent.js';
import type { FromSender, SendRequest, SendResult, ToSender } from './sender-messages.js';

/** Sends in one second from which the thread starts: a claim takes at most 256. */
export const THREAD_FROM_SENDS_A_SECOND = 500;
/** Every send ends within its time-out: one unanswered for longer means the thread is stuck. */
const STUCK_AFTER_MS = WEBHOOK_TIMEOUT_MS + 5_000;
/** After the thread failed, sends stay on the event loop this long before it may start again. */
const RESTART_AFTER_MS = 60_000;

// Built, the thread is dist/sender-thread.js (scripts/build.mjs). From the sources (tests, tsx) it is
// TypeScript, which a worker loads only once tsx is registered in it: `--import tsx` among its
// execArgv is not applied to a worker's entry file on Node 20.
const fromSources = import.meta.url.endsWith('.ts');
const ENTRY: URL | string = fromSources
  ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(new URL('./sender-thread.ts', import.meta.url).href)}); })`
  : new URL('./sender-thread.js', import.meta.url);

interface Pending {
  resolve: (result: AttemptResult) => void;
  reject: (err: Error) => void;
  since: number;
}

export interface WebhookSenderOptions {
  allowPrivate: boolean;
  log: Logger;
  threadFrom?: number;
}

export class WebhookSender {
  #worker: Worker | undefined;
  #closing = false;
  #pending = new Map<number, Pending>();
  #queue: SendRequest[] = [];
  #nextKey = 1;
  #second = -1;
  #sendsThisSecond = 0;
  #noThreadUntil = 0;
  readonly #threadFrom: number;

  constructor(private readonly options: WebhookSenderOptions) {
    this.#threadFrom = options.threadFrom ?? THREAD_FROM_SENDS_A_SECOND;
  }

  /** Whether sends go through the thread. */
  get threaded(): boolean {
    return this.#worker !== undefined && !this.#closing;
  }

  readonly send: SendWebhook = (target, event) => {
    if (this.threaded) return this.#viaThread(target, event);
    const now = performance.now();
    const second = Math.floor(now / 1000);
    if (second !== this.#second) {
      this.#second = second;
      this.#sendsThisSecond = 0;
    }
    if (++this.#sendsThisSecond >= this.#threadFrom && !this.#worker && now >= this.#noThreadUntil) {
      this.#start();
    }
    return sendWebhook(target, event, { allowPrivate: this.options.allowPrivate });
  };

  #viaThread: SendWebhook = (target, event) =>
    new Promise((resolve, reject) => {
      const key = this.#nextKey++;
      // The thread keeps the process alive while it owes answers, and only then.
      if (this.#pending.size === 0) this.#worker?.ref();
      this.#pending.set(key, { resolve, reject, since: performance.now() });
      // One message for the events handed over together (a claimed batch), not one each.
      if (this.#queue.length === 0) queueMicrotask(() => this.#post());
      this.#queue.push({
        key,
        url: target.url,
        secrets: target.secrets,
        id: event.id,
        payload: event.payload,
      });
    });

  #post(): void {
    const requests = this.#queue;
    this.#queue = [];
    if (requests.length === 0) return;
    try {
      if (!this.#worker) throw new Error('it had stopped');
      const message: ToSender = { type: 'send', requests };
      this.#worker.postMessage(message);
    } catch (err) {
      const failure = `the webhook sender thread took no sends: ${(err as Error).message}`;
      for (const { key } of requests) this.#answer({ key, failure });
    }
  }

  /**
   * A failure of the thread (not of the receiver) rejects, as sendWebhook's own would on the event loop:
   * the dispatcher then records a retryable attempt with no target, which no receiver's circuit counts.
   */
  #answer(answer: SendResult): void {
    const pending = this.#pending.get(answer.key);
    if (!pending) return;
    this.#pending.delete(answer.key);
    if (this.#pending.size === 0 && !this.#closing) this.#worker?.unref();
    if ('result' in answer) pending.resolve(answer.result);
    else pending.reject(new Error(answer.failure));
  }

  #start(): void {
    const worker = new Worker(ENTRY, {
      eval: fromSources,
      workerData: { allowPrivate: this.options.allowPrivate },
      // It holds the sends in flight and the receivers' connections, nothing more.
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 },
    });
    worker.unref();
    const watch = setInterval(() => {
      const stuck = performance.now() - STUCK_AFTER_MS;
      for (const pending of this.#pending.values()) {
        if (pending.since >= stuck) continue;
        this.options.log.error({}, 'the webhook sender thread stopped answering; it is ended');
        void worker.terminate();
        return;
      }
    }, 5_000).unref();
    worker.on('message', (message: FromSender) => {
      if (message.type === 'closed') void worker.terminate();
      else for (const answer of message.results) this.#answer(answer);
    });
    worker.on('error', (err) => this.options.log.error({ err }, 'the webhook sender thread failed'));
    worker.on('exit', (code) => {
      clearInterval(watch);
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      if (!this.#closing) {
        this.options.log.error({ code }, 'the webhook sender thread ended; webhooks go from the event loop');
        this.#noThreadUntil = performance.now() + RESTART_AFTER_MS;
      }
      this.#closing = false;
      for (const key of [...this.#pending.keys()]) {
        this.#answer({ key, failure: `the webhook sender thread ended (exit code ${code})` });
      }
    });
    this.#worker = worker;
  }

  /**
   * Ends the thread once every send handed to it has been answered and its connections are closed (the
   * dispatcher stops with none in flight). Sends made meanwhile go from the event loop.
   */
  async close(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    if (!this.#closing) {
      this.#closing = true;
      // Held until it has ended, as a send in flight holds it.
      worker.ref();
      this.#post();
      const message: ToSender = { type: 'close' };
      worker.postMessage(message);
    }
    await exited;
  }
}
