// Turns openapi-fetch's {data, error, response} into the data or a thrown PaybankError.
import createClient, { type Client } from 'openapi-fetch';
import { PaybankError } from './errors.js';
import type { paths } from './generated/openapi.js';
import { retryingFetch, type TransportOptions } from './transport.js';

export type RawClient = Client<paths>;

/** Per-call options of every write. */
export interface WriteOptions {
  /** Sent as `Idempotency-Key` (default: a fresh UUID, kept across the call's retries). */
  idempotencyKey?: string;
}

export interface Answered<T> {
  data: T;
  response: Response;
}

interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's data with its response, or the PaybankError of an error answer. */
export async function answered<T>(pending: Promise<Result<T>>): Promise<Answered<T>> {
  const { data, error, response } = await pending;
  // Every success of this API has a JSON body: none is an answer this client cannot read.
  if (!response.ok || data === undefined) throw PaybankError.from(response, error);
  return { data, response };
}

/** The answer's data, or the PaybankError of an error answer. */
export async function unwrap<T>(pending: Promise<Result<T>>): Promise<T> {
  return (await answered(pending)).data;
}

export function rawClient(headers: Record<string, string>, options: TransportOptions): RawClient {
  return createClient<paths>({ baseUrl: options.baseUrl, fetch: retryingFetch(headers, options) });
}

/** The init of a write: the caller's Idempotency-Key, when given. */
export function writeInit(options: WriteOptions | undefined): { headers?: Record<string, string> } {
  return options?.idempotencyKey ? { headers: { 'idempotency-key': options.idempotencyKey } } : {};
}
