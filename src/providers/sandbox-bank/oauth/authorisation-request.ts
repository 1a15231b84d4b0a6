// An OAuth2 authorization request to the sandbox bank, as the customer's browser (or the sandbox control)
// brings it: client_id, response_type, scope, redirect_uri and a PS256 request object, signed with one
// of the client's registered keys, that names the consent (openbanking_intent_id) and lives at most
// 60 minutes from its nbf (FAPI 1.0 Advanced; API.md 10.3).
import { createLocalJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import { DomainError, invalid } from '../../../domain/errors.js';
import type { SandboxBank, SandboxBankClient } from '../sandbox-bank.js';
import { findClient, redirectAllowed } from './clients.js';

export interface AuthorisationRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | null;
  /** The client's nonce, echoed in the id_token. */
  nonce: string;
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

const MAX_REQUEST_OBJECT_LIFE_S = 3600;

/** Why jose refused a request object, in the customer's words. */
function refusal(err: unknown): string {
  if (err instanceof errors.JOSEAlgNotAllowed) return 'must be signed with PS256';
  if (err instanceof errors.JWTExpired) return 'has expired';
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'aud') return 'is meant for another bank (aud)';
    if (err.claim === 'iss') return 'was issued for another client';
    if (err.claim === 'nbf' && err.reason === 'missing') return 'must carry nbf';
    if (err.claim === 'nbf') return 'is not valid yet (nbf)';
    return `has a bad ${err.claim} claim`;
  }
  return 'is not signed by the client';
}

async function verified(bank: SandboxBank, token: string, client: SandboxBankClient): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(await client.keys()), {
      algorithms: ['PS256'],
      audience: [bank.options.baseUrl, ...bank.options.audiences],
      issuer: client.id,
      currentDate: bank.clock.now(),
      requiredClaims: ['iss', 'aud', 'exp', 'nbf'],
    });
    return payload;
  } catch (err) {
    throw invalid('/request', refusal(err));
  }
}

function intentOf(claims: Record<string, unknown>): string | undefined {
  const asked = claims.claims as { id_token?: { openbanking_intent_id?: { value?: unknown } } } | undefined;
  return str(asked?.id_token?.openbanking_intent_id?.value);
}

/** Validates the request; a DomainError (400) names what is wrong. Never redirects on a bad request. */
export async function authorisationRequestOf(
  bank: SandboxBank,
  input: Record<string, unknown>,
): Promise<AuthorisationRequest> {
  const params: Record<string, string> = {};
  for (const name of AUTHORISATION_PARAMS) {
    const value = str(input[name]);
    if (value !== undefined) params[name] = value;
  }
  if (params.response_type !== 'code id_token') {
    throw invalid('/response_type', 'must be code id_token (the hybrid flow of FAPI 1.0 Advanced)');
  }
  const client = params.client_id ? await findClient(bank, params.client_id) : undefined;
  if (!client) throw invalid('/client_id', 'is not a client of this bank');
  if (!params.request) throw invalid('/request', 'is required: a request object naming the consent');
  const claims = await verified(bank, params.request, client);
  if (claims.client_id !== client.id) throw invalid('/request', 'was issued for another client');
  if ((claims.exp as number) - (claims.nbf as number) > MAX_REQUEST_OBJECT_LIFE_S) {
    throw invalid('/request', 'must not live over 60 minutes (exp - nbf)');
  }
  if (claims.response_type !== undefined && claims.response_type !== params.response_type) {
    throw invalid('/request', 'asks for another response_type');
  }
  const nonce = str(claims.nonce);
  if (!nonce) throw invalid('/request', 'must carry a nonce');
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
    nonce,
    consentId,
    params,
  };
}

/** The request inside an authorisation URL of this bank (the sandbox controls take the URL). */
export function authorisationRequestFromUrl(
  bank: SandboxBank,
  authorizationUrl: string,
): Promise<AuthorisationRequest> {
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
