// The validating helper itself (test/helpers/openapi-validator.ts): it must see each kind of disagreement
// between a server and its document, or the suite's 0 mismatches would prove nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyReply } from 'fastify';
import { validateAgainstOpenApi } from '../../helpers/openapi-validator.js';

async function serverWithDocument() {
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

test('each kind of disagreement is a mismatch; agreeing exchanges are not', async () => {
  // Its mismatches are made on purpose: kept out of a run's collected log.
  delete process.env.OPENAPI_MISMATCH_LOG;
  const app = await serverWithDocument();
  const afters: Array<() => void> = [];
  const t = { after: (fn: () => void) => afters.push(fn) } as unknown as Parameters<
    typeof validateAgainstOpenApi
  >[0];
  const check = validateAgainstOpenApi(t, app, [{ method: 'GET', url: '/things' }]);
  await app.ready();

  await app.inject({ method: 'GET', url: '/things' });
  await app.inject({ method: 'POST', url: '/strict', payload: { n: 1 } });
  await app.inject({ method: 'POST', url: '/strict', payload: { n: 'x' } });
  assert.deepEqual(check.mismatches, [], 'valid exchanges, and a bad body refused, agree with the document');

  await app.inject({ method: 'GET', url: '/liar' });
  await app.inject({ method: 'GET', url: '/teapot' });
  await app.inject({ method: 'POST', url: '/lenient', payload: { n: 'x' } });
  await app.inject({ method: 'GET', url: '/counted' });
  await app.inject({ method: 'POST', url: '/picky', payload: { n: 'x' } });
  await app.close();
  assert.equal(check.checked, 8);
  assert.equal(check.mismatches.length, 6, check.mismatches.join('\n'));
  assert.match(check.mismatches[0] ?? '', /GET \/liar -> 200: status 200: body .*must be integer/);
  assert.match(check.mismatches[1] ?? '', /GET \/teapot -> 418: status 418 is not documented/);
  assert.match(check.mismatches[2] ?? '', /POST \/lenient -> 200: the document refuses this request/);
  assert.match(check.mismatches[3] ?? '', /GET \/counted -> 200: .*x-total-count is sent but not documented/);
  assert.match(check.mismatches[4] ?? '', /POST \/picky -> 400: status 400 is not documented/);
  assert.match(
    check.mismatches[5] ?? '',
    /POST \/picky -> 400: the server's schema refused a request the document allows/,
  );
  assert.throws(() => {
    for (const after of afters) after();
  }, /off the OpenAPI document/);
});
