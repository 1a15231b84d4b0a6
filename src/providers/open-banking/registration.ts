// paybank's registration at a bank (Open Banking DCR 3.3, API.md 10.3; issue 13 item 7): a JWS by our
// signing key carrying the directory's software statement and the client metadata FAPI needs, sent as
// application/jwt over mutual TLS. openid-client's dynamicClientRegistration sends its metadata as
// JSON (RFC 7591), which Open Banking banks refuse; so this is jose over the bank's mTLS client.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { SignJWT } from 'jose';
import type { OpenBankingProviderConfig } from './provider-config.js';
import type { SigningKey } from './signing-key.js';

// The request is made and sent at once.
const REQUEST_TTL_S = 300;

export interface RegistrationInput {
  config: OpenBankingProviderConfig;
  signing: SigningKey;
  softwareStatement: string;
  redirectUris: string[];
  now: Date;
}

export function registrationRequestOf(input: RegistrationInput): Promise<string> {
  const { config, signing } = input;
  const iat = Math.floor(input.now.getTime() / 1000);
  return new SignJWT({
    software_id: config.softwareId,
    software_statement: input.softwareStatement,
    redirect_uris: input.redirectUris,
    token_endpoint_auth_method: config.tokenEndpointAuthMethod,
    ...(config.tokenEndpointAuthMethod === 'private_key_jwt'
      ? { token_endpoint_auth_signing_alg: 'PS256' }
      : { tls_client_auth_subject_dn: `CN=${config.softwareId},OU=${config.orgId}` }),
    grant_types: ['authorization_code', 'client_credentials', 'refresh_token'],
    response_types: ['code id_token'],
    application_type: 'web',
    scope: 'openid payments accounts',
    id_token_signed_response_alg: 'PS256',
    request_object_signing_alg: 'PS256',
  })
    .setProtectedHeader({ alg: 'PS256', kid: signing.kid, typ: 'JWT' })
    .setIssuer(config.softwareId)
    .setAudience(config.issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + REQUEST_TTL_S)
    .setJti(randomUUID())
    .sign(signing.key);
}

/** The software statement of a configured bank, from its softwareStatementFile. */
export async function softwareStatementFromFile(config: OpenBankingProviderConfig): Promise<string> {
  if (!config.softwareStatementFile) {
    throw new Error(
      `${config.id}: softwareStatementFile is not configured (the directory's software statement)`,
    );
  }
  try {
    return (await readFile(config.softwareStatementFile, 'utf8')).trim();
  } catch (err) {
    throw new Error(
      `${config.id}: softwareStatementFile ${config.softwareStatementFile} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}
