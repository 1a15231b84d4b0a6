// The OAuth/OpenID side of one bank through openid-client (API.md 10.1, 10.2): discovery, client
// authentication (tls_client_auth or private_key_jwt, never a secret), the PS256 request object, the
// hybrid `code id_token` answer with its detached-signature checks (FAPI 1.0 Advanced), and the token
// grants. Every request goes through the fetch given (undici over mutual TLS, with retries).
import type { webcrypto } from 'node:crypto';
import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import * as oidc from 'openid-client';
import type { Clock } from '../../domain/clock.js';
import { BankError, type BankErrorReason } from '../bank-error.js';
import type { ObTokenResponse } from './ob-wire.js';
import { apiBasesBeside, type ObEndpoints, type OpenBankingProviderConfig } from './provider-config.js';
import { cryptoKeyOf, type SigningKey } from './signing-key.js';

/** How long a request object lives (FAPI allows up to 60 minutes; the customer may take a while). */
export const REQUEST_OBJECT_TTL_S = 3600;

export interface HybridAnswer {
  consentId: string;
  code: string;
  idToken: string | null;
  state: string;
  nonce: string;
  redirectUri: string;
}

const refused = (why: string) => new BankError('authorisation_failed', `the bank's id_token ${why}`);

/** openid-client's and oauth4webapi's errors as BankErrors: the bank's fault or a refused answer. */
function bankErrorOf(err: unknown, what: string, onInvalidGrant: BankErrorReason): BankError {
  if (err instanceof BankError) return err;
  // Our fetch's own failure (the bank did not answer), wrapped by openid-client.
  if (err instanceof Error && err.cause instanceof BankError) return err.cause;
  if (err instanceof oauth.ResponseBodyError) {
    if (err.status === 401 || err.error === 'invalid_client' || err.error === 'unauthorized_client') {
      return new BankError('unauthorized', `the bank refused our client credentials (${what})`, err.status);
    }
    if (err.status === 400) {
      const detail = err.error_description ?? err.error;
      return new BankError(onInvalidGrant, `the bank refused the ${what}: ${detail}`, 400, err.error);
    }
    return new BankError('unavailable', `the bank answered ${err.status} to the ${what}`, err.status);
  }
  const reason = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : '';
  return new BankError('unavailable', `the bank's answer to the ${what} is not usable: ${reason}`);
}

export class BankOidc {
  private server: Promise<oidc.ServerMetadata> | undefined;
  private signingKey: Promise<webcrypto.CryptoKey> | undefined;
  // The bank's JWKS as last read, shared by every Configuration built here.
  private jwks: oauth.JWKSCacheInput = {};

  constructor(
    private readonly config: OpenBankingProviderConfig,
    private readonly signing: SigningKey,
    private readonly fetch: oidc.CustomFetch,
    private readonly clock: Clock,
  ) {}

  /** Reads the bank's discovery document (once; a failed read is tried again at the next call). */
  serverMetadata(): Promise<oidc.ServerMetadata> {
    if (!this.server) {
      this.server = this.discover();
      this.server.catch(() => {
        this.server = undefined;
      });
    }
    return this.server;
  }

  private async discover(): Promise<oidc.ServerMetadata> {
    const given = this.config.endpoints;
    // A bank configured with every endpoint openid-client needs is not asked for its document.
    const found =
      given.authorizationUrl && given.tokenUrl && given.jwksUrl
        ? { issuer: this.config.issuer }
        : await this.discovered();
    const metadata: oidc.ServerMetadata = {
      ...found,
      ...(given.authorizationUrl ? { authorization_endpoint: given.authorizationUrl } : {}),
      ...(given.tokenUrl ? { token_endpoint: given.tokenUrl } : {}),
      ...(given.registrationUrl ? { registration_endpoint: given.registrationUrl } : {}),
      ...(given.jwksUrl ? { jwks_uri: given.jwksUrl } : {}),
    };
    if (!metadata.authorization_endpoint || !metadata.token_endpoint) {
      throw new BankError(
        'unavailable',
        "the bank's discovery document names no token or authorization endpoint",
      );
    }
    return metadata;
  }

  private async discovered(): Promise<oidc.ServerMetadata> {
    try {
      const discovered = await oidc.discovery(
        new URL(this.config.issuer),
        this.config.clientId,
        undefined,
        undefined,
        {
          [oidc.customFetch]: this.fetch,
          ...(this.insecure() ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      );
      return discovered.serverMetadata();
    } catch (err) {
      if (err instanceof BankError) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      throw new BankError('unavailable', `the bank's discovery document could not be read: ${reason}`);
    }
  }

  /** The bank's endpoints: those configured, the rest from its discovery document. */
  async endpoints(): Promise<ObEndpoints> {
    const given = this.config.endpoints;
    if (given.authorizationUrl && given.tokenUrl && given.paymentsUrl && given.accountsUrl && given.jwksUrl) {
      return given as ObEndpoints;
    }
    const server = await this.serverMetadata();
    const tokenUrl = server.token_endpoint as string;
    return {
      ...apiBasesBeside(tokenUrl),
      ...given,
      authorizationUrl: server.authorization_endpoint as string,
      tokenUrl,
      ...(server.registration_endpoint ? { registrationUrl: server.registration_endpoint } : {}),
      ...(server.jwks_uri ? { jwksUrl: server.jwks_uri } : {}),
    };
  }

  // The sandbox bank's issuer is the service's own origin, plain http in development and tests.
  private insecure(): boolean {
    return new URL(this.config.issuer).protocol === 'http:';
  }

  private key(): Promise<webcrypto.CryptoKey> {
    this.signingKey ??= cryptoKeyOf(this.signing);
    return this.signingKey;
  }

  /**
   * A Configuration for one operation. Built afresh each time because openid-client freezes the client
   * metadata, and its clock (clockSkew) must follow the injected clock that tests move.
   */
  private async configuration(): Promise<oidc.Configuration> {
    const server = await this.serverMetadata();
    const skew = Math.floor(this.clock.now().getTime() / 1000) - Math.floor(Date.now() / 1000);
    const auth =
      this.config.tokenEndpointAuthMethod === 'private_key_jwt'
        ? oidc.PrivateKeyJwt({ key: await this.key(), kid: this.signing.kid })
        : oidc.TlsClientAuth();
    const configuration = new oidc.Configuration(
      server,
      this.config.clientId,
      {
        token_endpoint_auth_method: this.config.tokenEndpointAuthMethod,
        id_token_signed_response_alg: 'PS256',
        request_object_signing_alg: 'PS256',
        [oidc.clockSkew]: skew,
      },
      auth,
    );
    configuration[oidc.customFetch] = this.fetch;
    if (this.insecure()) oidc.allowInsecureRequests(configuration);
    oidc.useCodeIdTokenResponseType(configuration);
    oidc.enableDetachedSignatureResponseChecks(configuration);
    if (this.jwks.uat) oidc.setJwksCache(configuration, this.jwks as oidc.ExportedJWKSCache);
    return configuration;
  }

  private keepJwks(configuration: oidc.Configuration): void {
    const cache = oidc.getJwksCache(configuration);
    if (cache) this.jwks = cache;
  }

  /**
   * The authorisation URL (API.md 10.2). The request object is openid-client's (iss, aud, iat, nbf, exp,
   * jti; PS256 from the RSA-PSS key); we set its life to REQUEST_OBJECT_TTL_S and repeat response_type,
   * scope and redirect_uri outside it, as OpenID Connect requires of a request object.
   */
  async authorizationUrl(input: {
    consentId: string;
    scope: 'payments' | 'accounts';
    redirectUri: string;
    state: string;
    nonce: string;
  }): Promise<string> {
    const configuration = await this.configuration();
    const intent = { openbanking_intent_id: { value: input.consentId, essential: true } };
    const params = {
      response_type: 'code id_token',
      redirect_uri: input.redirectUri,
      scope: `openid ${input.scope}`,
      state: input.state,
      nonce: input.nonce,
      claims: JSON.stringify({ id_token: intent, userinfo: intent }),
    };
    const url = await oidc.buildAuthorizationUrlWithJAR(
      configuration,
      params,
      { key: await this.key(), kid: this.signing.kid },
      {
        [oidc.modifyAssertion]: (header, claims) => {
          // Times from the injected clock itself (clockSkew is whole seconds, and rounds).
          const now = Math.floor(this.clock.now().getTime() / 1000);
          header.typ = 'JWT';
          claims.iat = now;
          claims.nbf = now;
          claims.exp = now + REQUEST_OBJECT_TTL_S;
        },
      },
    );
    // state and nonce travel only inside the signed request object.
    for (const name of ['response_type', 'scope', 'redirect_uri'] as const)
      url.searchParams.set(name, params[name]);
    return url.href;
  }

  /**
   * The hybrid answer's checks, without exchanging the code: openid-client runs the same ones inside
   * authorizationCodeGrant, but fused with the token request, and API.md 10.2 needs the check alone
   * (a failed one is a rejection the customer sees before any exchange). So this one step calls
   * oauth4webapi, the library openid-client is built on, with the same metadata: signature by the
   * bank's JWKS, PS256, iss, aud, exp, iat within the hour, nonce, c_hash, s_hash. The intent id is an
   * Open Banking claim neither library knows; it is compared here.
   */
  async checkAnswer(answer: HybridAnswer): Promise<void> {
    if (!answer.idToken) throw refused('is missing (response_type code id_token)');
    this.checkIntent(answer);
    const configuration = await this.configuration();
    try {
      await oauth.validateDetachedSignatureResponse(
        configuration.serverMetadata(),
        configuration.clientMetadata(),
        this.fragmentOf(answer),
        answer.nonce,
        answer.state,
        undefined,
        {
          [oauth.customFetch]: this.fetch,
          [oauth.allowInsecureRequests]: this.insecure(),
          [oauth.jwksCache]: this.jwks,
        },
      );
    } catch (err) {
      if (err instanceof BankError && err.reason !== 'authorisation_failed') throw err;
      throw refused(`fails a check: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  // Read from the unverified token; validateDetachedSignatureResponse then proves the token the bank's.
  private checkIntent(answer: HybridAnswer): void {
    let intent: unknown;
    try {
      intent = decodeJwt(answer.idToken as string).openbanking_intent_id;
    } catch {
      throw refused('is not a JWT');
    }
    if (intent !== answer.consentId) throw refused('names another consent');
  }

  private fragmentOf(answer: HybridAnswer): URL {
    const url = new URL(answer.redirectUri);
    url.hash = new URLSearchParams({
      code: answer.code,
      id_token: answer.idToken ?? '',
      state: answer.state,
    }).toString();
    return url;
  }

  /** Checks the answer, then exchanges its code (openid-client checks it again before the exchange). */
  async exchange(answer: HybridAnswer): Promise<ObTokenResponse> {
    await this.checkAnswer(answer);
    const configuration = await this.configuration();
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, this.fragmentOf(answer), {
        expectedNonce: answer.nonce,
        expectedState: answer.state,
        idTokenExpected: true,
      });
      return tokens as ObTokenResponse;
    } catch (err) {
      throw bankErrorOf(err, 'token request', 'authorisation_failed');
    } finally {
      this.keepJwks(configuration);
    }
  }

  async clientCredentials(scope: string): Promise<ObTokenResponse> {
    const configuration = await this.configuration();
    try {
      return (await oidc.clientCredentialsGrant(configuration, { scope })) as ObTokenResponse;
    } catch (err) {
      throw bankErrorOf(err, 'token request', 'unauthorized');
    }
  }

  async refresh(refreshToken: string): Promise<ObTokenResponse> {
    const configuration = await this.configuration();
    try {
      return (await oidc.refreshTokenGrant(configuration, refreshToken)) as ObTokenResponse;
    } catch (err) {
      throw bankErrorOf(err, 'token request', 'consent_invalid');
    }
  }
}
