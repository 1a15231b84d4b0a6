// Idempotency-Key (API.md 1.2). The handler of a write with a key runs in one database transaction
// that also claims the key and stores the answer: the answer commits with the work or not at all, so
// a retry after the work committed gets the stored answer (never a second run), and a retry after it
// rolled back (an error, a crash) runs again.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { stringify } from 'safe-stable-stringify';
import type { Deps } from '../context.js';
import { DomainError } from '../domain/errors.js';
import type { Sealed, SecretBox } from '../domain/secret-box.js';
import { withIssuedSecrets } from '../domain/secrets.js';
import type { Db } from '../store/database.js';
import { type Claim, claimKey, completeKey, releaseKey } from '../store/idempotency.js';
import { inRequestTransaction } from '../store/transaction.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'after-bank-call': the operation calls a bank between its own transactions, so it cannot run
     * in one; its key is claimed before and its answer stored after (a crash in between lets a retry
     * run it again after a minute: these operations only ask the bank for a new authorisation link).
     */
    idempotency?: 'after-bank-call';
    /** Set on every route that honours Idempotency-Key: the OpenAPI document declares the header there. */
    idempotencyKey?: boolean;
    /** Set on every route whose unknown tokens count as guesses (429 with Retry-After past the limit). */
    linkGuessing?: boolean;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_RE = /^[\x21-\x7e]{1,255}$/;
/** What a stored answer shows in place of a secret it carried (API.md 1.2). */
export const MASKED_SECRET = '********';

const HELD = Object.freeze({ held: true });

interface Answer {
  status: number;
  value: unknown;
}

/** The same request is the same method, path, query and body, whatever the order of their fields. */
function fingerprint(request: FastifyRequest): string {
  const path = request.url.split('?')[0];
  const canonical = stringify({ query: request.query ?? null, body: request.body ?? null }) ?? '';
  return createHash('sha256').update(`${request.method} ${path}\n${canonical}`).digest('hex');
}

function keyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !KEY_RE.test(key)) {
    throw new DomainError('validation_failed', 'Idempotency-Key must be 1 to 255 printable characters', [
      { field: 'Idempotency-Key', message: 'must be 1 to 255 printable characters' },
    ]);
  }
  return key;
}

/**
 * The answer as stored: every secret issued while making it is masked, wherever it appears, and the
 * rest (names, e-mail addresses) is sealed at rest like every other stored secret.
 */
function storable(
  box: SecretBox,
  answer: Answer,
  secrets: Set<string>,
): { status: number; type: string; body: Sealed } {
  const body = JSON.stringify(answer.value ?? null, (_field, value: unknown) => {
    if (typeof value !== 'string') return value;
    let kept = value;
    for (const secret of secrets) kept = kept.split(secret).join(MASKED_SECRET);
    return kept;
  });
  return { status: answer.status, type: 'application/json; charset=utf-8', body: box.seal(body) };
}

/** Runs the route's handler and returns its answer without sending it (it is sent after the commit). */
async function answerOf(
  handler: RouteHandlerMethod,
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ answer: Answer; secrets: Set<string> }> {
  // A handler that calls reply.send() would answer before the transaction commits: hold its payload.
  // (What the stand-in returns must not be the reply: a reply is a thenable that settles once sent.)
  let held: { payload: unknown } | undefined;
  const send = reply.send;
  reply.send = ((payload?: unknown) => {
    held = { payload };
    return HELD;
  }) as unknown as typeof reply.send;
  try {
    const { result, secrets } = await withIssuedSecrets(async () => handler.call(app, request, reply));
    return { answer: { status: reply.statusCode, value: held ? held.payload : result }, secrets };
  } finally {
    reply.send = send;
  }
}

function refuse(claim: Exclude<Claim, { outcome: 'claimed' } | { outcome: 'replay' }>): never {
  if (claim.outcome === 'mismatch') {
    throw new DomainError('idempotency_key_reused', 'this Idempotency-Key was used with another request');
  }
  throw new DomainError('idempotency_conflict', 'a request with this Idempotency-Key is still in flight');
}

function replay(box: SecretBox, reply: FastifyReply, claim: Extract<Claim, { outcome: 'replay' }>): unknown {
  reply.code(claim.status).header('idempotent-replayed', 'true');
  const body = box.open(claim.body);
  try {
    // Through the route's serializer, as the first answer went.
    return JSON.parse(body) as unknown;
  } catch {
    return reply.type(claim.type).send(body);
  }
}

/** Adds Idempotency-Key handling to the write routes of a group; its credential plugin runs first. */
export function useIdempotency(app: FastifyInstance, deps: Deps): void {
  // Keys being answered in this process: a repeat meanwhile is a 409 rather than a wait.
  const inFlight = new Set<string>();
  const db: Db = deps.store.db;

  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => WRITES.has(method))) return;
    route.config = { ...route.config, idempotencyKey: true };
    const handler = route.handler;
    const afterBankCall = route.config?.idempotency === 'after-bank-call';
    route.handler = async function idempotent(this: FastifyInstance, request, reply) {
      const key = keyOf(request);
      if (key === undefined) return handler.call(this, request, reply);
      const credential = request.auth?.credential ?? 'public';
      const slot = `${credential}\n${key}`;
      if (inFlight.has(slot)) refuse({ outcome: 'in_flight' });
      inFlight.add(slot);
      try {
        const hash = fingerprint(request);
        const now = deps.clock.now();
        if (afterBankCall) {
          const claim = await claimKey(db, credential, key, hash, now);
          if (claim.outcome === 'replay') return replay(deps.secrets, reply, claim);
          if (claim.outcome !== 'claimed') refuse(claim);
          try {
            const { answer, secrets } = await answerOf(handler, this, request, reply);
            await completeKey(db, credential, key, storable(deps.secrets, answer, secrets));
            return answer.value;
          } catch (err) {
            await releaseKey(db, credential, key);
            throw err;
          }
        }
        const outcome = await inRequestTransaction(db, async (trx) => {
          const claim = await claimKey(trx, credential, key, hash, now);
          if (claim.outcome !== 'claimed') return claim;
          const { answer, secrets } = await answerOf(handler, this, request, reply);
          await completeKey(trx, credential, key, storable(deps.secrets, answer, secrets));
          return { outcome: 'answered' as const, answer };
        });
        if (outcome.outcome === 'answered') return outcome.answer.value;
        if (outcome.outcome === 'replay') return replay(deps.secrets, reply, outcome);
        refuse(outcome);
      } finally {
        inFlight.delete(slot);
      }
    };
  });
}
