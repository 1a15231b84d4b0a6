// POST /register: Open Banking Dynamic Client Registration 3.3 on the mutual-TLS port (API.md 10.3).
// The body is a JWS (application/jwt) by the software's own key, carrying a software statement signed
// by the directory; the client certificate must be the statement's organisation and software. What
// paybank must ask for under FAPI is required: redirect URIs the statement allows, tls_client_auth or
// private_key_jwt, PS256 request objects and id_tokens. Errors are RFC 7591 3.2.2 bodies.
import type { FastifyPluginAsync } from 'fastify';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  type JSONWebKeySet,
  type JWTPayload,
  jwtVerify,
} from 'jose';
import type { BankPluginOptions } from '../ob/api-plugin.js';
import type { SandboxBank } from '../sandbox-bank.js';
import { type ClientCertificate, clientCertificateOf } from './client-certificate.js';

type DcrError =
  | 'invalid_client'
  | 'invalid_client_metadata'
  | 'invalid_redirect_uri'
  | 'invalid_software_statement'
  | 'unapproved_software_statement';

class RegistrationError extends Error {
  constructor(
    readonly error: DcrError,
    readonly description: string,
    readonly status: 400 | 401 = 400,
  ) {
    super(description);
  }
}

const AUTH_METHODS = ['tls_client_auth', 'private_key_jwt'];
// A registration request lives this long at most (it is made and sent at once).
const MAX_REQUEST_LIFE_S = 3600;

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v !== '')
    ? (value as string[])
    : undefined;

const metadata = (description: string) => new RegistrationError('invalid_client_metadata', description);

async function softwareStatementOf(bank: SandboxBank, statement: unknown): Promise<JWTPayload> {
  if (typeof statement !== 'string') {
    throw new RegistrationError('invalid_software_statement', 'software_statement is required');
  }
  try {
    const { payload } = await jwtVerify(statement, createLocalJWKSet(await bank.options.directoryKeys()), {
      algorithms: ['PS256'],
      currentDate: bank.clock.now(),
      requiredClaims: ['iat', 'software_id', 'org_id'],
    });
    return payload;
  } catch {
    throw new RegistrationError(
      'invalid_software_statement',
      'the software statement is not signed by the directory (PS256)',
    );
  }
}

/** The checked registration: who the client is and what it registers. */
async function registrationOf(bank: SandboxBank, body: string, subject: ClientCertificate['subject']) {
  let alg: string | undefined;
  let unverified: JWTPayload;
  try {
    alg = decodeProtectedHeader(body).alg;
    unverified = decodeJwt(body);
  } catch {
    throw metadata('the request must be a signed JWT (application/jwt)');
  }
  if (alg !== 'PS256') throw metadata('the request must be signed with PS256');
  const statement = await softwareStatementOf(bank, unverified.software_statement);
  const softwareId = String(statement.software_id);
  const orgId = String(statement.org_id);
  if (subject.CN !== softwareId || subject.OU !== orgId) {
    throw new RegistrationError(
      'unapproved_software_statement',
      'the client certificate is not the software statement’s organisation and software',
    );
  }
  const jwks = statement.software_jwks as JSONWebKeySet | undefined;
  if (!jwks || !Array.isArray(jwks.keys)) {
    throw new RegistrationError(
      'invalid_software_statement',
      'the software statement carries no software_jwks',
    );
  }
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(body, createLocalJWKSet(jwks), {
      algorithms: ['PS256'],
      issuer: softwareId,
      audience: [bank.options.baseUrl, ...bank.options.audiences],
      currentDate: bank.clock.now(),
      requiredClaims: ['iat', 'exp', 'jti'],
    }));
  } catch (err) {
    throw metadata(`the request is not a valid JWT by the software's key: ${(err as Error).message}`);
  }
  if ((claims.exp as number) - (claims.iat as number) > MAX_REQUEST_LIFE_S) {
    throw metadata('the request must not live over 60 minutes');
  }
  const redirectUris = strings(claims.redirect_uris);
  const allowed = strings(statement.software_redirect_uris) ?? [];
  if (!redirectUris) throw new RegistrationError('invalid_redirect_uri', 'redirect_uris is required');
  const foreign = redirectUris.find((uri) => !allowed.includes(uri));
  if (foreign) {
    throw new RegistrationError('invalid_redirect_uri', `${foreign} is not in the software statement`);
  }
  const method = claims.token_endpoint_auth_method;
  if (typeof method !== 'string' || !AUTH_METHODS.includes(method)) {
    throw metadata('token_endpoint_auth_method must be tls_client_auth or private_key_jwt');
  }
  if (claims.request_object_signing_alg !== 'PS256')
    throw metadata('request_object_signing_alg must be PS256');
  if (claims.id_token_signed_response_alg !== 'PS256') {
    throw metadata('id_token_signed_response_alg must be PS256');
  }
  if (method === 'private_key_jwt' && claims.token_endpoint_auth_signing_alg !== 'PS256') {
    throw metadata('token_endpoint_auth_signing_alg must be PS256');
  }
  return { softwareId, orgId, redirectUris, method, jwks };
}

export const registrationRoutes: FastifyPluginAsync<BankPluginOptions> = async (app, { bank }) => {
  app.addContentTypeParser('application/jwt', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error, request, reply) => {
    const known =
      error instanceof RegistrationError
        ? error
        : (error as { statusCode?: number }).statusCode === 415 ||
            (error as { statusCode?: number }).statusCode === 400
          ? metadata('the request must be a signed JWT (application/jwt)')
          : undefined;
    if (!known) {
      request.log.error({ err: error }, 'sandbox bank: registration failed');
      return reply.code(500).send({ error: 'server_error', error_description: 'unexpected error' });
    }
    return reply
      .code(known.status)
      .header('cache-control', 'no-store')
      .send({ error: known.error, error_description: known.description });
  });

  app.post('/register', async (request, reply) => {
    const cert = clientCertificateOf(request);
    if (!cert) {
      throw new RegistrationError(
        'invalid_client',
        'a client certificate issued by the directory CA is required',
        401,
      );
    }
    if (typeof request.body !== 'string')
      throw metadata('the request must be a signed JWT (application/jwt)');
    const reg = await registrationOf(bank, request.body, cert.subject);
    const now = bank.clock.now().toISOString();
    const row = {
      client_id: reg.softwareId,
      org_id: reg.orgId,
      software_id: reg.softwareId,
      redirect_uris: JSON.stringify(reg.redirectUris),
      jwks: JSON.stringify(reg.jwks),
      token_endpoint_auth_method: reg.method,
      created_at: now,
      updated_at: now,
    };
    // The software registers once; registering again (new redirect URIs, keys) updates it.
    await bank.db
      .insertInto('sandbox_bank_clients')
      .values(row)
      .onConflict((oc) => oc.column('client_id').doUpdateSet({ ...row, created_at: undefined }))
      .execute();
    return reply
      .code(201)
      .header('cache-control', 'no-store')
      .send({
        client_id: reg.softwareId,
        client_id_issued_at: Math.floor(bank.clock.now().getTime() / 1000),
        redirect_uris: reg.redirectUris,
        token_endpoint_auth_method: reg.method,
        grant_types: ['authorization_code', 'client_credentials', 'refresh_token'],
        response_types: ['code id_token'],
        request_object_signing_alg: 'PS256',
        id_token_signed_response_alg: 'PS256',
        software_id: reg.softwareId,
      });
  });
};
