// x-idempotency-key as the specification says: every such request is processed once per key for 24
// hours; a repeat answers the resource as it is now, and a repeat with another body is refused.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../store/database.js';
import type { SandboxBank } from '../sandbox-bank.js';
import { inTransaction, isUniqueViolation } from '../store.js';
import { badRequest } from './errors.js';

const KEY_TTL_MS = 24 * 3600 * 1000;
const KEY_PATTERN = /^(?!\s)(.*)(\S)$/;

function keyOf(request: FastifyRequest): string {
  const key = request.headers['x-idempotency-key'];
  if (key === undefined || key === '') {
    throw badRequest('UK.OBIE.Header.Missing', 'x-idempotency-key is required', 'x-idempotency-key');
  }
  if (typeof key !== 'string' || key.length > 40 || !KEY_PATTERN.test(key)) {
    throw badRequest(
      'UK.OBIE.Header.Invalid',
      'x-idempotency-key must be 1 to 40 characters without leading or trailing spaces',
      'x-idempotency-key',
    );
  }
  return key;
}

/** Runs create once per (client, operation, key); answers the id of the resource it made. */
export async function idempotentCreate(
  bank: SandboxBank,
  request: FastifyRequest,
  clientId: string,
  operation: string,
  create: (db: Db) => Promise<string>,
): Promise<string> {
  const key = keyOf(request);
  const hash = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
  const now = bank.clock.now();
  const earlier = async (db: Db) => {
    const row = await db
      .selectFrom('sandbox_bank_idempotency')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('operation', '=', operation)
      .where('key', '=', key)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (row && row.request_hash !== hash) {
      throw badRequest(
        'UK.OBIE.Header.Invalid',
        'x-idempotency-key was already used with a different request body',
        'x-idempotency-key',
      );
    }
    return row?.resource_id;
  };
  try {
    return await inTransaction(bank.db, async (db) => {
      const existing = await earlier(db);
      if (existing) return existing;
      // A key older than 24 hours is free again.
      await db
        .deleteFrom('sandbox_bank_idempotency')
        .where('client_id', '=', clientId)
        .where('operation', '=', operation)
        .where('key', '=', key)
        .execute();
      // The key is taken before the work, so that a concurrent twin waits on it rather than racing.
      await db
        .insertInto('sandbox_bank_idempotency')
        .values({
          client_id: clientId,
          operation,
          key,
          request_hash: hash,
          resource_id: '',
          expires_at: new Date(now.getTime() + KEY_TTL_MS).toISOString(),
        })
        .execute();
      const resourceId = await create(db);
      await db
        .updateTable('sandbox_bank_idempotency')
        .set({ resource_id: resourceId })
        .where('client_id', '=', clientId)
        .where('operation', '=', operation)
        .where('key', '=', key)
        .execute();
      return resourceId;
    });
  } catch (err) {
    // A twin request with the same key committed first: answer what it made.
    if (isUniqueViolation(err)) {
      const existing = await earlier(bank.db);
      if (existing) return existing;
    }
    throw err;
  }
}
