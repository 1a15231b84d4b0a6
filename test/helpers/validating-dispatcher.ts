// An undici dispatcher that records every response passing through it and checks the Open Banking
// ones against the official specification (obViolations): the adapter's traffic to the sandbox bank
// is validated as it happens.
import type { TestContext } from 'node:test';
import { Agent, Dispatcher } from 'undici';
import { type ObResponse, obViolations } from './openbanking-validator.js';

export class ValidatingDispatcher extends Dispatcher {
  readonly responses: ObResponse[] = [];
  readonly violations: string[] = [];
  constructor(private readonly inner: Dispatcher = new Agent()) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers): boolean {
    const chunks: Buffer[] = [];
    let status = 0;
    const url = `${String(options.origin ?? '')}${options.path}`;
    const record = () => {
      const response = { method: options.method, url, status, body: Buffer.concat(chunks).toString('utf8') };
      this.responses.push(response);
      this.violations.push(...obViolations(response));
    };
    return this.inner.dispatch(options, {
      onConnect: (abort) => handler.onConnect?.(abort),
      onError: (err) => handler.onError?.(err),
      onUpgrade: (statusCode, headers, socket) => handler.onUpgrade?.(statusCode, headers, socket),
      onBodySent: (chunkSize, totalBytesSent) => handler.onBodySent?.(chunkSize, totalBytesSent),
      onHeaders: (statusCode, headers, resume, statusText) => {
        status = statusCode;
        return handler.onHeaders?.(statusCode, headers, resume, statusText) ?? true;
      },
      onData: (chunk) => {
        chunks.push(chunk);
        return handler.onData?.(chunk) ?? true;
      },
      onComplete: (trailers) => {
        record();
        handler.onComplete?.(trailers);
      },
    });
  }

  override close(): Promise<void> {
    return this.inner.close();
  }

  override destroy(): Promise<void> {
    return this.inner.destroy();
  }

  /** How many Open Banking responses went through. */
  get obCount(): number {
    return this.responses.filter((r) => r.url.includes('/open-banking/')).length;
  }
}

/** A dispatcher for the test; when the test ends, every Open Banking response must have been valid. */
export function validatingDispatcher(t: TestContext, inner?: Dispatcher): ValidatingDispatcher {
  const dispatcher = new ValidatingDispatcher(inner);
  t.after(async () => {
    await dispatcher.close();
    if (dispatcher.violations.length > 0) {
      throw new Error(`Open Banking responses off the specification:\n${dispatcher.violations.join('\n')}`);
    }
  });
  return dispatcher;
}
