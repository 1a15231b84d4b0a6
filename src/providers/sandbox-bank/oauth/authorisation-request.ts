// An OAuth2 authorization request to the sandbox bank, as the customer's browser (or the sandbox control)
// brings it: response_type=code, client_id, redirect_uri, scope, state and a request object signed with
// the client's secret that names the consent (openbanking_intent_id).
import { DomainError, invalid } from '../../../domain/errors.js';
import { verifyHs256 } from '../../jws.js';
import type { SandboxBank } from '../sandbox-bank.js';
import { findClient, redirectAllowed } from './clients.js';

export interface AuthorisationRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | null;
  consentId: string;
  /** The parameters as received, carried through the approval form. */
  params: Record<string, string>;
}

export const AUTHORISATION_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'nonce',
  'request',
];

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

function intentOf(claims: Record<string, unknown>): string | undefined {
  const asked = claims.claims as { id_token?: { openbanking_intent_id?: { value?: unknown } } } | undefined;
  return str(asked?.id_token?.openbanking_intent_id?.value);
}

/** Validates the request; a DomainError (400) names what is wrong. Never redirects on a bad request. */
export function authorisationRequestOf(
  bank: SandboxBank,
  input: Record<string, unknown>,
): AuthorisationRequest {
  const params: Record<string, string> = {};
  for (const name of AUTHORISATION_PARAMS) {
    const value = str(input[name]);
    if (value !== undefined) params[name] = value;
  }
  const responseType = params.response_type;
  if (responseType !== 'code' && responseType !== 'code id_token') {
    throw invalid('/response_type', 'must be code');
  }
  const client = params.client_id ? findClient(bank.options, params.client_id) : undefined;
  if (!client) throw invalid('/client_id', 'is not a client of this bank');
  if (!params.request) throw invalid('/request', 'is required: a request object naming the consent');
  const claims = verifyHs256(params.request, client.secret);
  if (!claims) throw invalid('/request', 'is not signed by the client');
  const audiences = [bank.options.baseUrl, ...bank.options.audiences];
  const aud = claims.aud;
  if (!(Array.isArray(aud) ? aud : [aud]).some((a) => typeof a === 'string' && audiences.includes(a))) {
    throw invalid('/request', 'is meant for another bank (aud)');
  }
  if (claims.client_id !== client.id || (claims.iss !== undefined && claims.iss !== client.id)) {
    throw invalid('/request', 'was issued for another client');
  }
  const exp = claims.exp;
  if (typeof exp !== 'number' || exp * 1000 <= bank.clock.now().getTime()) {
    throw invalid('/request', 'has expired');
  }
  const redirectUri = str(claims.redirect_uri) ?? params.redirect_uri;
  if (!redirectUri || (params.redirect_uri && params.redirect_uri !== redirectUri)) {
    throw invalid('/redirect_uri', 'must be given once, the same in the request object');
  }
  if (!redirectAllowed(client, redirectUri))
    throw invalid('/redirect_uri', 'is not registered for the client');
  const consentId = intentOf(claims);
  if (!consentId) throw invalid('/request', 'names no consent (openbanking_intent_id)');
  const scope = str(claims.scope) ?? params.scope ?? '';
  const scopes = scope.split(' ');
  if (!scopes.includes('payments') && !scopes.includes('accounts')) {
    throw invalid('/scope', 'must include payments or accounts');
  }
  return {
    clientId: client.id,
    redirectUri,
    scope,
    state: str(claims.state) ?? params.state ?? null,
    consentId,
    params,
  };
}

/** The request inside an authorisation URL of this bank (the sandbox controls take the URL). */
export function authorisationRequestFromUrl(
  bank: SandboxBank,
  authorizationUrl: string,
): AuthorisationRequest {
  let url: URL;
  try {
    url = new URL(authorizationUrl);
  } catch {
    throw invalid('/authorizationUrl', 'must be an absolute URL');
  }
  const own = [bank.options.baseUrl, ...bank.options.audiences].map((base) => `${base}/authorize`);
  if (!own.includes(`${url.origin}${url.pathname}`)) {
    throw new DomainError(
      'validation_failed',
      'authorizationUrl is not an authorisation URL of the sandbox bank',
      [{ field: '/authorizationUrl', message: 'is not an authorisation URL of the sandbox bank' }],
    );
  }
  return authorisationRequestOf(bank, Object.fromEntries(url.searchParams));
}
