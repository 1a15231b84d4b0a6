// Who is calling the Open Banking API: a client certificate from the bank's CA, and a bearer token of
// the sandbox bank issued to that same certificate (RFC 8705) with the operation's scope; for the
// customer's resources, a token bound to an authorised consent.
import type { FastifyRequest } from 'fastify';
import { findConsent } from '../consents.repository.js';
import { clientCertificateOf } from '../oauth/client-certificate.js';
import { findToken } from '../oauth/tokens.js';
import type { SandboxBank } from '../sandbox-bank.js';
import type { SandboxConsentTable, SandboxTokenTable } from '../sandbox-bank.row.js';
import { forbidden, unauthorized } from './errors.js';

export type Scope = 'payments' | 'accounts';

/** A client-credentials or customer token carrying the scope; 401 without one, 403 without the scope. */
export async function tokenOf(
  bank: SandboxBank,
  request: FastifyRequest,
  scope: Scope,
): Promise<SandboxTokenTable> {
  const header = request.headers.authorization;
  const raw = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const cert = clientCertificateOf(request);
  const token = raw && cert ? await findToken(bank, raw, 'access') : undefined;
  if (!token || token.cert_thumbprint !== cert?.thumbprint) throw unauthorized();
  if (!token.scope.split(' ').includes(scope)) {
    throw forbidden('UK.OBIE.Resource.ConsentMismatch', `the access token does not carry the ${scope} scope`);
  }
  return token;
}

const checked = new WeakMap<FastifyRequest, SandboxTokenTable>();

/** An onRequest hook: the token is checked before the body, as a bank checks it. */
export function requireToken(bank: SandboxBank, scope: Scope) {
  return async (request: FastifyRequest) => {
    checked.set(request, await tokenOf(bank, request, scope));
  };
}

/** The token requireToken checked for this request. */
export function tokenFor(request: FastifyRequest): SandboxTokenTable {
  const token = checked.get(request);
  if (!token) throw unauthorized();
  return token;
}

/** A token the customer's authorisation gave, with its consent. */
export async function consentTokenOf(
  bank: SandboxBank,
  request: FastifyRequest,
  scope: Scope,
): Promise<{ token: SandboxTokenTable; consent: SandboxConsentTable }> {
  const token = checked.get(request) ?? (await tokenOf(bank, request, scope));
  const consent = token.consent_id ? await findConsent(bank.db, token.consent_id) : undefined;
  if (!consent) {
    // The customer's account data with the client's own token: the OBIE conformance suite expects a
    // 401, as for no token (OB-301-ACC-100500 and the like); a payment keeps its 403.
    if (scope === 'accounts') throw unauthorized();
    throw forbidden(
      'UK.OBIE.Resource.ConsentMismatch',
      'this operation needs the customer’s authorisation token',
    );
  }
  return { token, consent };
}
