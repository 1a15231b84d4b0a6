// POST /token: OAuth2 token endpoint (RFC 6749) with client_credentials, authorization_code and
// refresh_token grants, on the mutual-TLS port. The client authenticates by tls_client_auth or
// private_key_jwt, never a secret; every token is bound to the certificate it was asked with (RFC 8705).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { findConsent } from '../consents.repository.js';
import type { BankPluginOptions } from '../ob/api-plugin.js';
import type { SandboxBank, SandboxBankClient } from '../sandbox-bank.js';
import { type ClientCertificate, clientCertificateOf } from './client-certificate.js';
import {
  assertionIsTheClients,
  CLIENT_ASSERTION_TYPE,
  certificateIsTheClients,
  findClient,
} from './clients.js';
import { issueTokenEndpointIdToken } from './id-token.js';
import { ACCESS_TOKEN_TTL_S, expiresIn, findToken, issueToken, useCode } from './tokens.js';

class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const invalidGrant = (description: string) => new OAuthError(400, 'invalid_grant', description);
const SCOPES = ['openid', 'payments', 'accounts'];

const TokenForm = Type.Object({
  grant_type: Type.String(),
  scope: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  redirect_uri: Type.Optional(Type.String()),
  refresh_token: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String()),
  client_secret: Type.Optional(Type.String()),
  client_assertion_type: Type.Optional(Type.String()),
  client_assertion: Type.Optional(Type.String()),
});

type Form = (typeof TokenForm)['static'];

async function usableConsent(bank: SandboxBank, consentId: string | null) {
  const consent = consentId ? await findConsent(bank.db, consentId) : undefined;
  if (consent?.status !== 'Authorised') throw invalidGrant('the consent is no longer authorised');
  if (consent.expires_at !== null && consent.expires_at <= bank.clock.now().toISOString()) {
    throw invalidGrant('the consent has expired');
  }
  return consent;
}

const invalidClient = (description: string) => new OAuthError(401, 'invalid_client', description);

/** Who is asking: a client of the bank proven by its certificate or its signed assertion. */
async function clientOf(
  bank: SandboxBank,
  cert: ClientCertificate | undefined,
  authorization: string | undefined,
  form: Form,
  tokenUrl: string,
): Promise<SandboxBankClient> {
  if (!cert) throw invalidClient('a client certificate issued by the directory CA is required');
  if (authorization !== undefined || form.client_secret !== undefined) {
    throw invalidClient('client secrets are not accepted: use tls_client_auth or private_key_jwt');
  }
  const client = form.client_id ? await findClient(bank, form.client_id) : undefined;
  if (!client) throw invalidClient('unknown client');
  if (form.client_assertion !== undefined || form.client_assertion_type !== undefined) {
    const ok =
      form.client_assertion_type === CLIENT_ASSERTION_TYPE &&
      form.client_assertion !== undefined &&
      (await assertionIsTheClients(
        client,
        form.client_assertion,
        [tokenUrl, bank.options.baseUrl],
        bank.clock.now(),
      ));
    if (!ok) throw invalidClient('the client assertion is not valid');
    return client;
  }
  if (!certificateIsTheClients(client, cert)) {
    throw invalidClient('the certificate is not the one registered for the client');
  }
  return client;
}

async function grant(bank: SandboxBank, client: SandboxBankClient, cert: ClientCertificate, form: Form) {
  const access = (scope: string, consentId: string | null) =>
    issueToken(bank, {
      kind: 'access',
      clientId: client.id,
      scope,
      consentId,
      certThumbprint: cert.thumbprint,
      expiresAt: expiresIn(bank, ACCESS_TOKEN_TTL_S),
    });
  switch (form.grant_type) {
    case 'client_credentials': {
      const asked = (form.scope ?? 'payments accounts').split(' ').filter(Boolean);
      const unknown = asked.find((s) => !SCOPES.includes(s));
      if (unknown) throw new OAuthError(400, 'invalid_scope', `unknown scope ${unknown}`);
      const scope = asked.join(' ');
      return {
        access_token: await access(scope, null),
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_TTL_S,
        scope,
      };
    }
    case 'authorization_code': {
      const code = form.code ? await findToken(bank, form.code, 'code') : undefined;
      if (!code || code.client_id !== client.id) throw invalidGrant('the code is unknown, used or expired');
      if (code.redirect_uri !== form.redirect_uri)
        throw invalidGrant('redirect_uri differs from the authorisation');
      if (!(await useCode(bank, form.code as string))) throw invalidGrant('the code was already used');
      const consent = await usableConsent(bank, code.consent_id);
      const refresh =
        consent.kind === 'account-access'
          ? await issueToken(bank, {
              kind: 'refresh',
              clientId: client.id,
              scope: code.scope,
              consentId: consent.id,
              certThumbprint: cert.thumbprint,
              expiresAt: consent.expires_at,
            })
          : undefined;
      return {
        access_token: await access(code.scope, consent.id),
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_TTL_S,
        scope: code.scope,
        ...(refresh ? { refresh_token: refresh } : {}),
        ...(code.scope.split(' ').includes('openid')
          ? {
              id_token: await issueTokenEndpointIdToken(bank, {
                clientId: client.id,
                consentId: consent.id,
                nonce: code.nonce,
              }),
            }
          : {}),
      };
    }
    case 'refresh_token': {
      const refresh = form.refresh_token ? await findToken(bank, form.refresh_token, 'refresh') : undefined;
      if (!refresh || refresh.client_id !== client.id)
        throw invalidGrant('the refresh token is unknown or expired');
      if (refresh.cert_thumbprint !== cert.thumbprint) {
        throw invalidGrant('the refresh token was issued to another certificate');
      }
      const consent = await usableConsent(bank, refresh.consent_id);
      return {
        access_token: await access(refresh.scope, consent.id),
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_TTL_S,
        scope: refresh.scope,
      };
    }
    default:
      throw new OAuthError(400, 'unsupported_grant_type', `grant_type ${form.grant_type} is not supported`);
  }
}

function sendError(reply: FastifyReply, error: OAuthError) {
  return reply
    .code(error.status)
    .header('cache-control', 'no-store')
    .send({ error: error.error, error_description: error.description });
}

/** Whether the request names a client at all: client_id, an assertion, or an Authorization header. */
function carriesClientAuthentication(request: FastifyRequest): boolean {
  const body: unknown = request.body;
  const form = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return (
    request.headers.authorization !== undefined ||
    typeof form.client_id === 'string' ||
    typeof form.client_assertion === 'string'
  );
}

export const tokenRoutes: FastifyPluginAsyncTypebox<BankPluginOptions> = async (app, { bank }) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof OAuthError) return sendError(reply, error);
    if (error.validation || (error.statusCode && error.statusCode < 500)) {
      // RFC 6749 5.2: with no client authentication included the answer is invalid_client, whatever
      // else the request lacks (an empty POST /token is a 401, not a 400).
      if (!carriesClientAuthentication(request)) {
        return sendError(reply, invalidClient('no client authentication included'));
      }
      return sendError(reply, new OAuthError(400, 'invalid_request', error.message));
    }
    // Overload (under-pressure): the client may retry, as RFC 6749 4.1.2.1 temporarily_unavailable says.
    if (error.statusCode === 503) {
      return reply
        .code(503)
        .send({ error: 'temporarily_unavailable', error_description: 'the bank is busy' });
    }
    request.log.error({ err: error }, 'sandbox bank: token endpoint failed');
    return reply.code(500).send({ error: 'server_error', error_description: 'unexpected error' });
  });

  app.post(
    '/token',
    {
      schema: {
        summary: 'Sandbox bank: OAuth2 token endpoint',
        tags: ['sandbox'],
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenForm,
      },
    },
    async (request, reply) => {
      const cert = clientCertificateOf(request);
      const tokenUrl = `${bank.options.apiUrl}/token`;
      const client = await clientOf(bank, cert, request.headers.authorization, request.body, tokenUrl);
      const tokens = await grant(bank, client, cert as ClientCertificate, request.body);
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(tokens);
    },
  );
};
