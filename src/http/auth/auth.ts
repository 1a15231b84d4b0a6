// Who is calling. Set by exactly one of the credential plugins of this folder, per route group.
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import type { PaymentRead } from '../../domain/payments/payment.service.js';
import type { ReceivingFacts } from '../../domain/payments/receiving-account.repository.js';

export type Auth =
  | { kind: 'admin'; credential: string }
  | { kind: 'partner'; credential: string; partnerId: string; keyId: string }
  | { kind: 'terminal'; credential: string; partnerId: string; terminalId: string }
  | {
      kind: 'merchant';
      credential: string;
      partnerId: string;
      companyId: string;
      integrationId: string;
      /** The integration's receiving account, read with the credential (a create needs no second read). */
      receiving: ReceivingFacts;
      /** The route's payment, read with the credential when its route asks (merchant-auth.ts). */
      paymentRead?: PaymentRead;
    };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | undefined;
  }
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const unauthorized = (detail = 'missing or invalid credentials') =>
  new DomainError('unauthorized', detail);

export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function authOf<K extends Auth['kind']>(request: FastifyRequest, kind: K): Extract<Auth, { kind: K }> {
  const auth = request.auth;
  // Reaching a handler without the group's credential would be a wiring bug, never a client error.
  if (auth?.kind !== kind) throw new Error(`route expects ${kind} credentials`);
  return auth as Extract<Auth, { kind: K }>;
}

export const partnerOf = (request: FastifyRequest) => authOf(request, 'partner');
export const terminalOf = (request: FastifyRequest) => authOf(request, 'terminal');
export const merchantOf = (request: FastifyRequest) => authOf(request, 'merchant');
