// The authorisation URL the customer's browser takes to the bank (API.md 10.2): client_id,
// response_type, scope, redirect_uri and a PS256 request object that names the consent
// (openbanking_intent_id) and lives at most 60 minutes, as FAPI 1.0 Advanced asks.
import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { OpenBankingProviderConfig } from './provider-config.js';
import type { SigningKey } from './signing-key.js';

export const REQUEST_OBJECT_TTL_S = 3600;

/**
 * The nonce of an authorisation, derived from its state with a key only we hold: the id_token's nonce
 * is checked on the return without storing one per consent.
 */
export function nonceOf(signing: SigningKey, state: string): string {
  const secret = signing.key.export({ type: 'pkcs8', format: 'der' });
  return createHmac('sha256', secret).update(`paybank nonce\n${state}`).digest('base64url');
}

export async function authorizationUrlOf(
  config: OpenBankingProviderConfig,
  authorizationEndpoint: string,
  signing: SigningKey,
  now: Date,
  consentId: string,
  scope: 'payments' | 'accounts',
  request: { redirectUri: string; state: string },
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const params = {
    response_type: 'code id_token',
    client_id: config.clientId,
    redirect_uri: request.redirectUri,
    scope: `openid ${scope}`,
    state: request.state,
    nonce: nonceOf(signing, request.state),
  };
  const intent = { openbanking_intent_id: { value: consentId, essential: true } };
  const requestObject = await new SignJWT({ ...params, claims: { id_token: intent, userinfo: intent } })
    .setProtectedHeader({ alg: 'PS256', kid: signing.kid, typ: 'JWT' })
    .setIssuer(config.clientId)
    .setAudience(config.issuer)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + REQUEST_OBJECT_TTL_S)
    .setJti(randomUUID())
    .sign(signing.key);
  // state and nonce travel only inside the signed request object.
  const query = new URLSearchParams({
    client_id: params.client_id,
    response_type: params.response_type,
    scope: params.scope,
    redirect_uri: params.redirect_uri,
    request: requestObject,
  });
  return `${authorizationEndpoint}?${query}`;
}
