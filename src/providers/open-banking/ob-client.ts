// HTTPS to one Open Banking bank over undici with mutual TLS (our transport certificate on every call,
// API.md 10.1): discovery of its endpoints, OAuth2 tokens (client credentials, authorization code,
// refresh) with tls_client_auth or private_key_jwt (never a client secret), time-outs, retries of
// transient failures (payment POSTs carry an x-idempotency-key, so a retried one is done once; a
// retried consent or token request at worst leaves an unused one behind), and the bank's errors
// mapped to BankError.
import { randomUUID } from 'node:crypto';
import type { JSONWebKeySet } from 'jose';
import type { CustomFetch } from 'openid-client';
import { Agent, type Dispatcher, fetch, request } from 'undici';
import type { Logger } from '../../context.js';
import type { Clock } from '../../domain/clock.js';
import type { SecretBox } from '../../domain/secret-box.js';
import type { Db } from '../../store/database.js';
import { BankError } from '../bank-error.js';
import { customerPresence } from '../customer-presence.js';
import type { ObCredentials } from './credentials.js';
import { SignatureError, type Signer, signDetached, verifyDetached } from './detached-jws.js';
import { findGrant, saveGrant } from './grant.repository.js';
import type { ObErrorResponse, ObTokenResponse } from './ob-wire.js';
import { BankOidc, type HybridAnswer } from './oidc.js';
import type { ObEndpoints, OpenBankingProviderConfig } from './provider-config.js';

export interface ObClientOptions {
  db: Db;
  clock: Clock;
  /** Seals the consents' tokens at rest. */
  secrets: SecretBox;
  log?: Logger;
  /** Defaults to a keep-alive Agent of this client's own, presenting our transport certificate. */
  dispatcher?: Dispatcher;
  /** First retry delay; doubles each time. */
  backoffMs?: number;
}

export type ObAuth =
  | { kind: 'client'; scope: 'payments' | 'accounts' }
  | { kind: 'consent'; consentId: string };

interface RawResponse {
  status: number;
  retryAfter: string | undefined;
  /** x-jws-signature of the answer, if any. */
  signature: string | undefined;
  /** x-fapi-interaction-id of the answer (the bank echoes ours, or gives its own). */
  interactionId: string | undefined;
  text: string;
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

// Tokens are renewed this long before the bank's expiry, so that none expires in flight.
const EXPIRY_MARGIN_MS = 30_000;
const MAX_RETRY_AFTER_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ObClient {
  private readonly dispatcher: Dispatcher;
  private readonly ownDispatcher: Agent | undefined;
  private readonly clientTokens = new Map<string, CachedToken>();
  private readonly oidc: BankOidc;
  private keys: Promise<JSONWebKeySet> | undefined;

  constructor(
    readonly config: OpenBankingProviderConfig,
    private readonly credentials: ObCredentials,
    private readonly options: ObClientOptions,
  ) {
    this.ownDispatcher = options.dispatcher
      ? undefined
      : new Agent({
          keepAliveTimeout: 10_000,
          connect: { timeout: config.timeoutMs, ...credentials.tls },
        });
    this.dispatcher = options.dispatcher ?? (this.ownDispatcher as Agent);
    this.oidc = new BankOidc(config, credentials.signing, this.oidcFetch, options.clock);
  }

  /**
   * openid-client's fetch (discovery, JWKS, token and registration calls): undici over our mutual-TLS
   * dispatcher, with this client's time-out and retries of network errors, 5xx and 429.
   */
  private readonly oidcFetch: CustomFetch = async (url, init) => {
    const attempts = this.config.retries + 1;
    const backoff = this.options.backoffMs ?? 250;
    for (let i = 0; ; i++) {
      if (i > 0) await sleep(backoff * 2 ** (i - 1));
      try {
        const response = await fetch(url, {
          method: init.method,
          headers: init.headers,
          body: init.body as string | undefined,
          redirect: init.redirect,
          dispatcher: this.dispatcher,
          signal: AbortSignal.any([
            ...(init.signal ? [init.signal] : []),
            AbortSignal.timeout(this.config.timeoutMs),
          ]),
        });
        if ((response.status < 500 && response.status !== 429) || i + 1 >= attempts) {
          return response as unknown as Response;
        }
        await response.body?.cancel();
        this.options.log?.warn(
          { bank: this.config.id, status: response.status, attempt: i + 1 },
          `bank call ${init.method} ${url} failed`,
        );
      } catch (err) {
        this.options.log?.warn(
          { bank: this.config.id, err, attempt: i + 1 },
          `bank call ${init.method} ${url} failed`,
        );
        if (i + 1 >= attempts) {
          const reason = err instanceof Error ? err.message : String(err);
          throw new BankError('unavailable', `the bank did not answer ${init.method} ${url}: ${reason}`);
        }
      }
    }
  };

  /** The bank's endpoints: those configured, the rest from its discovery document (read once). */
  endpoints(): Promise<ObEndpoints> {
    return this.oidc.endpoints();
  }

  /** Reads the bank's discovery document now (at start, for a configured real bank). */
  async discover(): Promise<void> {
    await this.oidc.serverMetadata();
  }

  /** The bank's signing keys (its jwks_uri), read once; refresh reads them again. */
  bankKeys(refresh = false): Promise<JSONWebKeySet> {
    if (!this.keys || refresh) {
      this.keys = this.readKeys();
      this.keys.catch(() => {
        this.keys = undefined;
      });
    }
    return this.keys;
  }

  private async readKeys(): Promise<JSONWebKeySet> {
    const { jwksUrl } = await this.endpoints();
    if (!jwksUrl) throw new BankError('unavailable', 'the bank publishes no signing keys (jwks_uri)');
    const response = await this.withRetries(`GET ${jwksUrl}`, () =>
      this.send('GET', jwksUrl, { accept: 'application/json' }, undefined),
    );
    const body = response.status === 200 ? this.json<Partial<JSONWebKeySet>>(response, jwksUrl) : undefined;
    if (!Array.isArray(body?.keys)) {
      throw new BankError('unavailable', `the bank's signing keys could not be read (${response.status})`);
    }
    return { keys: body.keys };
  }

  async close(): Promise<void> {
    await this.ownDispatcher?.close();
  }

  /** An API call; answers the parsed body of a 2xx, throws BankError otherwise. */
  async call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    auth: ObAuth,
    options: {
      body?: unknown;
      idempotencyKey?: string;
      /** Sign the body (x-jws-signature) and require a signature on the bank's answer. */
      signed?: boolean;
    } = {},
  ): Promise<T> {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    // Over the exact bytes sent; the same on every retry.
    const signature =
      options.signed && body !== undefined
        ? await signDetached(body, this.signer(), this.options.clock.now())
        : undefined;
    // One interaction id per call, its retries included; logged with the call, echoed by the bank.
    const interactionId = randomUUID();
    const customer = customerPresence();
    const headers = (token: string): Record<string, string> => ({
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'x-fapi-interaction-id': interactionId,
      ...(customer
        ? {
            'x-fapi-customer-ip-address': customer.ipAddress,
            'x-fapi-auth-date': customer.since.toUTCString(),
            ...(customer.userAgent ? { 'x-customer-user-agent': customer.userAgent } : {}),
          }
        : {}),
      ...(this.config.financialId ? { 'x-fapi-financial-id': this.config.financialId } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.idempotencyKey ? { 'x-idempotency-key': options.idempotencyKey } : {}),
      ...(signature ? { 'x-jws-signature': signature } : {}),
    });
    const attempt = async (renew: boolean) => {
      const token = await this.token(auth, renew);
      return this.withRetries(`${method} ${url}`, () => this.send(method, url, headers(token), body));
    };
    let response = await attempt(false);
    // An expired or revoked token: one more try with a fresh one.
    if (response.status === 401) response = await attempt(true);
    this.options.log?.info(
      {
        bank: this.config.id,
        interactionId,
        bankInteractionId: response.interactionId,
        status: response.status,
        customerPresent: customer !== undefined,
      },
      `bank call ${method} ${url}`,
    );
    if (response.status >= 200 && response.status < 300) {
      // Every answer that carries a signature is checked, GETs included; a signed POST's must carry one.
      if (response.signature !== undefined || (options.signed && response.text !== '')) {
        await this.checkSignature(response, url);
      }
      return this.json<T>(response, url);
    }
    throw this.errorOf(response, url, auth);
  }

  private signer(): Signer {
    const { orgId, softwareId, trustAnchor, apiVersion } = this.config;
    const { key, kid } = this.credentials.signing;
    return { key, kid, iss: `${orgId}/${softwareId}`, tan: trustAnchor, apiVersion };
  }

  /** The bank's x-jws-signature over its answer; a bad or missing one is a bank error, never a success. */
  private async checkSignature(response: RawResponse, url: string): Promise<void> {
    const expected = (keys: JSONWebKeySet) => ({
      keys,
      tan: this.config.trustAnchor,
      apiVersion: this.config.apiVersion,
      now: this.options.clock.now(),
    });
    try {
      try {
        await verifyDetached(response.signature, response.text, expected(await this.bankKeys()));
      } catch (err) {
        // A key the bank rolled since we read its JWKS: read it once more.
        if (!(err instanceof SignatureError) || err.problem !== 'Invalid') throw err;
        await verifyDetached(response.signature, response.text, expected(await this.bankKeys(true)));
      }
    } catch (err) {
      if (!(err instanceof SignatureError)) throw err;
      throw new BankError('unavailable', `the bank's answer to ${url} is not signed by it: ${err.message}`);
    }
  }

  /** Sends a registration request (application/jwt) to the bank's registration endpoint; its client id. */
  async register(request: string, at?: string): Promise<string> {
    const registrationUrl = at ?? (await this.endpoints()).registrationUrl;
    if (!registrationUrl) throw new BankError('unavailable', 'the bank names no registration endpoint');
    const response = await this.withRetries(`POST ${registrationUrl}`, () =>
      this.send(
        'POST',
        registrationUrl,
        { accept: 'application/json', 'content-type': 'application/jwt' },
        request,
      ),
    );
    const body = this.parse<{ client_id?: unknown; error?: string; error_description?: string }>(
      response.text,
    );
    if ((response.status === 201 || response.status === 200) && typeof body?.client_id === 'string') {
      return body.client_id;
    }
    const why = body?.error ? `${body.error}: ${body.error_description ?? ''}` : `status ${response.status}`;
    throw new BankError(
      'rejected_request',
      `the bank refused the registration (${why})`,
      response.status,
      body?.error,
    );
  }

  /** The authorisation URL of a consent (API.md 10.2). */
  authorizationUrl(input: Parameters<BankOidc['authorizationUrl']>[0]): Promise<string> {
    return this.oidc.authorizationUrl(input);
  }

  /** Checks the bank's hybrid answer (its id_token) without using its code. */
  checkAnswer(answer: HybridAnswer): Promise<void> {
    return this.oidc.checkAnswer(answer);
  }

  /** The authorization-code exchange of a consent, after the checks; the tokens are kept for later calls. */
  async exchangeCode(answer: HybridAnswer): Promise<void> {
    const tokens = await this.oidc.exchange(answer);
    await this.keepGrant(answer.consentId, tokens, null);
  }

  private async token(auth: ObAuth, renew: boolean): Promise<string> {
    const now = this.options.clock.now().getTime();
    if (auth.kind === 'client') {
      const cached = this.clientTokens.get(auth.scope);
      if (cached && !renew && cached.expiresAt > now) return cached.token;
      const tokens = await this.oidc.clientCredentials(`${auth.scope} openid`);
      this.clientTokens.set(auth.scope, { token: tokens.access_token, expiresAt: this.expiryOf(tokens) });
      return tokens.access_token;
    }
    const grant = await findGrant(this.options.db, this.options.secrets, this.config.id, auth.consentId);
    if (!grant) {
      throw new BankError('consent_invalid', `no authorisation is held for consent ${auth.consentId}`);
    }
    if (!renew && new Date(grant.access_expires_at).getTime() > now) return grant.access_token;
    if (!grant.refresh_token) {
      throw new BankError('consent_invalid', `the authorisation of consent ${auth.consentId} has run out`);
    }
    const tokens = await this.oidc.refresh(grant.refresh_token);
    await this.keepGrant(auth.consentId, tokens, grant.refresh_token);
    return tokens.access_token;
  }

  private expiryOf(tokens: ObTokenResponse): number {
    const seconds = typeof tokens.expires_in === 'number' && tokens.expires_in > 0 ? tokens.expires_in : 300;
    return this.options.clock.now().getTime() + Math.max(seconds * 1000 - EXPIRY_MARGIN_MS, 1000);
  }

  private async keepGrant(consentId: string, tokens: ObTokenResponse, previousRefresh: string | null) {
    const now = this.options.clock.now().toISOString();
    await saveGrant(this.options.db, this.options.secrets, {
      provider_id: this.config.id,
      consent_id: consentId,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? previousRefresh,
      access_expires_at: new Date(this.expiryOf(tokens)).toISOString(),
      created_at: now,
      updated_at: now,
    });
  }

  private async send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<RawResponse> {
    const { timeoutMs } = this.config;
    const response = await request(url, {
      method: method as Dispatcher.HttpMethod,
      headers,
      body,
      dispatcher: this.dispatcher,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.body.text();
    const retryAfter = response.headers['retry-after'];
    const signature = response.headers['x-jws-signature'];
    const interactionId = response.headers['x-fapi-interaction-id'];
    return {
      interactionId: typeof interactionId === 'string' ? interactionId : undefined,
      status: response.statusCode,
      retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
      signature: typeof signature === 'string' ? signature : undefined,
      text,
    };
  }

  /** Repeats a network error, a time-out, a 5xx or a 429, with growing pauses. */
  private async withRetries(what: string, send: () => Promise<RawResponse>): Promise<RawResponse> {
    const attempts = this.config.retries + 1;
    const backoff = this.options.backoffMs ?? 250;
    let last: RawResponse | undefined;
    let failure: unknown;
    for (let i = 0; i < attempts; i++) {
      if (i > 0) {
        const retryAfterMs = last?.status === 429 ? Number(last.retryAfter) * 1000 : Number.NaN;
        await sleep(
          Number.isFinite(retryAfterMs) ? Math.min(retryAfterMs, MAX_RETRY_AFTER_MS) : backoff * 2 ** (i - 1),
        );
      }
      try {
        last = await send();
        failure = undefined;
        if (last.status < 500 && last.status !== 429) return last;
        this.options.log?.warn(
          { bank: this.config.id, status: last.status, attempt: i + 1 },
          `bank call ${what} failed`,
        );
      } catch (err) {
        failure = err;
        last = undefined;
        this.options.log?.warn({ bank: this.config.id, err, attempt: i + 1 }, `bank call ${what} failed`);
      }
    }
    if (last) {
      throw new BankError('unavailable', `the bank answered ${last.status} to ${what}`, last.status);
    }
    const reason = failure instanceof Error ? failure.message : String(failure);
    throw new BankError('unavailable', `the bank did not answer ${what}: ${reason}`);
  }

  private parse<T>(text: string): T | undefined {
    try {
      return JSON.parse(text) as T;
    } catch {
      return undefined;
    }
  }

  private json<T>(response: RawResponse, url: string): T {
    if (response.text === '') return {} as T;
    const body = this.parse<T>(response.text);
    if (body === undefined || typeof body !== 'object' || body === null) {
      throw new BankError('unavailable', `the bank answered ${url} with a body that is not JSON`);
    }
    return body;
  }

  private errorOf(response: RawResponse, url: string, auth: ObAuth): BankError {
    const { status } = response;
    const ob = this.parse<ObErrorResponse>(response.text);
    const first = Array.isArray(ob?.Errors) ? ob.Errors[0] : undefined;
    const detail = first
      ? `${first.Message}${first.Path ? ` (${first.Path})` : ''}`
      : (ob?.Message ?? `status ${status}`);
    const bankCode = first?.ErrorCode ?? ob?.Code;
    // Open Banking answers an unknown resource id with 400 UK.OBIE.Resource.NotFound.
    if (status === 404 || (status === 400 && bankCode === 'UK.OBIE.Resource.NotFound')) {
      return new BankError('not_found', `the bank has no such resource: ${detail}`, status, bankCode);
    }
    if (status === 400 && bankCode === 'UK.OBIE.Resource.InvalidConsentStatus') {
      return new BankError('consent_invalid', `the bank refused the consent: ${detail}`, status, bankCode);
    }
    if (status === 400)
      return new BankError('rejected_request', `the bank rejected the request: ${detail}`, status, bankCode);
    if (status === 401) {
      return auth.kind === 'consent'
        ? new BankError('consent_invalid', `the bank no longer accepts consent ${auth.consentId}`, status)
        : new BankError('unauthorized', `the bank refused our access token for ${url}`, status);
    }
    if (status === 403) {
      return new BankError('consent_invalid', `the bank refused access: ${detail}`, status, bankCode);
    }
    return new BankError('unavailable', `the bank answered ${status} to ${url}`, status, bankCode);
  }
}
