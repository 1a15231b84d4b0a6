// What every Open Banking API plugin of the sandbox bank shares: spec-strict validation, the
// OBErrorResponse1 error handler, the bearer token check before the body, x-fapi-interaction-id, and
// for Payment Initiation the message signatures.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxBank } from '../sandbox-bank.js';
import { useObErrors } from './errors.js';
import { requireToken, type Scope } from './guard.js';
import { useMessageSigning } from './signatures.js';
import { useObValidation } from './validation.js';

export interface BankPluginOptions {
  bank: SandboxBank;
}

export function setUpObApi(app: FastifyInstance, bank: SandboxBank, scope: Scope): void {
  useObValidation(app);
  useObErrors(app);
  app.addHook('onRequest', requireToken(bank, scope));
  if (scope === 'payments') useMessageSigning(app, bank);
  app.addHook('onSend', async (request, reply, payload) => {
    const given = request.headers['x-fapi-interaction-id'];
    reply.header('x-fapi-interaction-id', typeof given === 'string' && given ? given : randomUUID());
    return payload;
  });
}
