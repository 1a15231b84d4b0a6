// The OAuth2 authorization request the customer's browser takes to the bank, with the consent named in
// a request object (OIDC `request`, claim openbanking_intent_id) signed with the client secret (HS256).
import { randomBytes } from 'node:crypto';
import { signHs256 } from '../jws.js';
import type { OpenBankingProviderConfig } from './provider-config.js';

// A signed authorisation request stays usable this long (the customer may take a while at the bank).
const REQUEST_OBJECT_TTL_S = 24 * 3600;

export function authorizationUrlOf(
  config: OpenBankingProviderConfig,
  now: Date,
  consentId: string,
  scope: 'payments' | 'accounts',
  request: { redirectUri: string; state: string },
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const params = {
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: request.redirectUri,
    scope: `openid ${scope}`,
    state: request.state,
    nonce: randomBytes(16).toString('base64url'),
  };
  const intent = { openbanking_intent_id: { value: consentId, essential: true } };
  const requestObject = signHs256(
    {
      ...params,
      iss: config.clientId,
      aud: config.issuer,
      iat,
      exp: iat + REQUEST_OBJECT_TTL_S,
      claims: { id_token: intent, userinfo: intent },
    },
    config.clientSecret,
  );
  return `${config.authorizationUrl}?${new URLSearchParams({ ...params, request: requestObject })}`;
}
