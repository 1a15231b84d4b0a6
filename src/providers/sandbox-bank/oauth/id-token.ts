// The id_token of the sandbox bank's hybrid flow (response_type `code id_token`, FAPI 1.0 Advanced):
// PS256 by the bank's signing key, for the client, with the request's nonce, the consent as
// openbanking_intent_id, and c_hash and s_hash binding it to the code and the state.
import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import type { SandboxBank } from '../sandbox-bank.js';
import type { AuthorisationRequest } from './authorisation-request.js';

export const ID_TOKEN_TTL_S = 600;

/** OIDC 3.3.2.11: the left half of the SHA-256 of the value, base64url. */
export function halfHash(value: string): string {
  return createHash('sha256').update(value).digest().subarray(0, 16).toString('base64url');
}

export async function issueIdToken(
  bank: SandboxBank,
  request: AuthorisationRequest,
  code: string,
): Promise<string> {
  const signing = await bank.options.signingKey();
  const now = Math.floor(bank.clock.now().getTime() / 1000);
  return new SignJWT({
    nonce: request.nonce,
    openbanking_intent_id: request.consentId,
    c_hash: halfHash(code),
    ...(request.state !== null ? { s_hash: halfHash(request.state) } : {}),
    auth_time: now,
    acr: 'urn:openbanking:psd2:sca',
  })
    .setProtectedHeader({ alg: 'PS256', kid: signing.kid, typ: 'JWT' })
    .setIssuer(bank.options.baseUrl)
    .setSubject(request.consentId)
    .setAudience(request.clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + ID_TOKEN_TTL_S)
    .sign(signing.key);
}

/**
 * The id_token of the token endpoint's answer to an authorization_code grant (OpenID Connect Core
 * 3.3.3.6): the same subject and intent, and the authorisation's nonce; no hashes (none bind it).
 */
export async function issueTokenEndpointIdToken(
  bank: SandboxBank,
  input: { clientId: string; consentId: string; nonce: string | null },
): Promise<string> {
  const signing = await bank.options.signingKey();
  const now = Math.floor(bank.clock.now().getTime() / 1000);
  return new SignJWT({
    ...(input.nonce !== null ? { nonce: input.nonce } : {}),
    openbanking_intent_id: input.consentId,
    acr: 'urn:openbanking:psd2:sca',
  })
    .setProtectedHeader({ alg: 'PS256', kid: signing.kid, typ: 'JWT' })
    .setIssuer(bank.options.baseUrl)
    .setSubject(input.consentId)
    .setAudience(input.clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + ID_TOKEN_TTL_S)
    .sign(signing.key);
}
