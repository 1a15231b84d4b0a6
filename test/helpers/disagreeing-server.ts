// A server whose answers and document disagree in each way the OpenAPI check must see
// (test/http/core/openapi-validator.test.ts); run as a file, it listens on PORT, as a service process.
import swagger from '@fastify/swagger';
import Fastify, { type FastifyReply } from 'fastify';

export async function serverWithDocument() {
  const app = Fastify();
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } },
    // /picky's document takes any object, while the server's schema is stricter.
    transform: ({ schema, url }) => ({
      schema: url === '/picky' ? { ...schema, body: { type: 'object' } } : schema,
      url,
    }),
  });
  const Thing = {
    type: 'object',
    required: ['n'],
    properties: { n: { type: 'integer' } },
    additionalProperties: false,
  };
  app.get('/things', { schema: { response: { 200: Thing } } }, async () => ({ n: 1 }));
  // Answers what its schema does not say, past the serializer.
  app.get('/liar', { schema: { response: { 200: Thing } } }, async (_request, reply) =>
    reply.type('application/json').send('{"n":"one"}'),
  );
  app.get('/teapot', { schema: { response: { 200: Thing } } }, async (_request, reply: FastifyReply) =>
    reply.code(418).send({ n: 1 }),
  );
  // Takes a body its schema refuses (the validation error is ignored).
  app.post(
    '/lenient',
    { schema: { body: Thing, response: { 200: Thing } }, attachValidation: true },
    async () => ({ n: 2 }),
  );
  const Refusal = { type: 'object', additionalProperties: true };
  app.post('/strict', { schema: { body: Thing, response: { 200: Thing, 400: Refusal } } }, async () => ({
    n: 3,
  }));
  app.post('/picky', { schema: { body: Thing, response: { 200: Thing } } }, async () => ({ n: 4 }));
  app.get('/counted', { schema: { response: { 200: Thing } } }, async (_request, reply) => {
    reply.header('x-total-count', '1');
    return { n: 1 };
  });
  return app;
}

if (process.argv[1]?.endsWith('disagreeing-server.ts')) {
  const app = await serverWithDocument();
  app.get('/health/ready', { schema: { response: { 200: { type: 'object' } } } }, async () => ({ ok: true }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}
