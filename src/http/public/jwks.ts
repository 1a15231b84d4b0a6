// GET /.well-known/jwks.json (API.md 10.1): the public half of paybank's signing keys, for banks that
// check its request objects, client assertions and x-jws-signature without reading the directory.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

const PublicJwk = Type.Object({
  kty: Type.String(),
  kid: Type.String(),
  use: Type.String(),
  alg: Type.String(),
  n: Type.String(),
  e: Type.String(),
});

export const jwksRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        summary: "paybank's public signing keys (JWKS)",
        tags: ['public'],
        response: { 200: Type.Object({ keys: Type.Array(PublicJwk) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { keys: app.deps.banks.jwks() };
    },
  );
};
