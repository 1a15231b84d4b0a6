// GET /.well-known/openid-configuration under the sandbox bank's issuer: where its endpoints are (the
// token and registration endpoints on its mutual-TLS port) and what it accepts, as a bank publishes it;
// GET /jwks: its public signing keys.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { BankPluginOptions } from '../ob/api-plugin.js';

export const discoveryRoutes: FastifyPluginAsyncTypebox<BankPluginOptions> = async (app, { bank }) => {
  app.get(
    '/jwks',
    {
      schema: {
        summary: 'Sandbox bank: its public signing keys (id_tokens, response signatures)',
        tags: ['sandbox'],
        response: { 200: Type.Object({ keys: Type.Array(Type.Object({}, { additionalProperties: true })) }) },
      },
    },
    async () => ({ keys: [(await bank.options.signingKey()).publicJwk] }),
  );

  app.get(
    '/.well-known/openid-configuration',
    {
      schema: {
        summary: 'Sandbox bank: OpenID discovery document',
        tags: ['sandbox'],
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
    },
    async () => {
      const { baseUrl, apiUrl } = bank.options;
      return {
        issuer: baseUrl,
        authorization_endpoint: `${baseUrl}/authorize`,
        token_endpoint: `${apiUrl}/token`,
        registration_endpoint: `${apiUrl}/register`,
        jwks_uri: `${baseUrl}/jwks`,
        scopes_supported: ['openid', 'payments', 'accounts'],
        response_types_supported: ['code id_token'],
        grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
        token_endpoint_auth_methods_supported: ['tls_client_auth', 'private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: ['PS256'],
        request_object_signing_alg_values_supported: ['PS256'],
        id_token_signing_alg_values_supported: ['PS256'],
        request_parameter_supported: true,
        claims_parameter_supported: true,
        tls_client_certificate_bound_access_tokens: true,
        subject_types_supported: ['public'],
      };
    },
  );
};
