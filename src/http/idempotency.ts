// Idempotency-Key (API.md 1.2): the first response to a key is stored per credential and replayed.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../context.js';
import { DomainError } from '../domain/errors.js';
import { claimKey, completeKey, releaseKey } from '../store/idempotency.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { credential: string; key: string } | undefined;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_RE = /^[\x21-\x7e]{1,255}$/;

function fingerprint(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

/** Adds Idempotency-Key handling to the routes of a group; runs after its credential plugin. */
export function useIdempotency(app: FastifyInstance, deps: Deps): void {
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || !WRITES.has(request.method)) return;
    if (typeof key !== 'string' || !KEY_RE.test(key)) {
      throw new DomainError('validation_failed', 'Idempotency-Key must be 1 to 255 printable characters', [
        { field: 'Idempotency-Key', message: 'must be 1 to 255 printable characters' },
      ]);
    }
    const credential = request.auth?.credential ?? 'public';
    const claim = await claimKey(deps.db, credential, key, fingerprint(request), deps.clock.now());
    switch (claim.outcome) {
      case 'claimed':
        request.idempotency = { credential, key };
        return;
      case 'in_flight':
        throw new DomainError(
          'idempotency_conflict',
          'a request with this Idempotency-Key is still in flight',
        );
      case 'mismatch':
        throw new DomainError('idempotency_key_reused', 'this Idempotency-Key was used with another request');
      case 'replay':
        return reply
          .code(claim.status)
          .type(claim.type)
          .header('idempotent-replayed', 'true')
          .send(deps.secrets.open(claim.body));
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = undefined;
    // A server error is not an answer worth repeating: let the client try again.
    if (reply.statusCode >= 500 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      await releaseKey(deps.db, claim.credential, claim.key);
      return payload;
    }
    await completeKey(deps.db, claim.credential, claim.key, {
      status: reply.statusCode,
      type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      body: deps.secrets.seal(payload.toString()),
    });
    return payload;
  });
}
