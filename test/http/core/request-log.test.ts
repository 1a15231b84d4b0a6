// The request log's line is made by hand (http/request-log.ts): it must be the line pino would write for
// the same fields, through the same serialisers, for every form of request.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { OneLinePerRequest } from '../../../src/http/request-log.js';
import { loggerOptions } from '../../../src/log-options.js';

function appLogging(level: string) {
  const lines: string[] = [];
  const app = Fastify({
    logger: { ...loggerOptions(level), stream: { write: (line: string) => void lines.push(line) } },
    logController: new OneLinePerRequest(),
  });
  app.get('/p/:token', async () => ({ ok: true }));
  app.get('/items/:id', async (_request, reply) => reply.code(202).send({ ok: true }));
  return { app, lines };
}

test('the request line is the line pino writes for the same fields', async (t) => {
  const { app, lines } = appLogging('info');
  t.after(() => app.close());
  // pino's own line for the same request, written after the hand-made one.
  app.addHook('onResponse', async (request, reply) => {
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
  const urls = ['/items/abc?x=1&y=%22quoted%22', '/p/secret-token?code=abc&page=2', '/items/%E2%9C%93'];
  for (const url of urls) {
    const answer = await app.inject({ method: 'GET', url, headers: { host: 'shop.example:8443' } });
    assert.ok(answer.statusCode < 300, answer.body);
  }
  await app.inject({ method: 'GET', url: '/items/1', remoteAddress: '10.1.2.3' });
  // A quote, a backslash, a control, DEL or a non-ASCII character, each alone in a plain host, goes
  // through JSON.stringify: the plain path must let none of them through.
  const hosts = ['a"b.example', 'a\\b.example', 'a\tb.example', 'sh\u00f6p.example', 'a\u007fb.example'];
  for (const host of hosts) await app.inject({ method: 'GET', url: '/items/2', headers: { host } });
  assert.equal(lines.length, 8 + 2 * hosts.length, lines.join(''));
  for (let i = 0; i < lines.length; i += 2) {
    const made = JSON.parse(lines[i] as string);
    const pinos = JSON.parse(lines[i + 1] as string);
    assert.equal(typeof made.responseTime, 'number');
    assert.equal(typeof made.time, 'number');
    // Taken a moment apart.
    for (const entry of [made, pinos]) {
      delete entry.responseTime;
      delete entry.time;
    }
    assert.deepEqual(made, pinos);
    assert.deepEqual(Object.keys(made), Object.keys(pinos), 'the same order of fields');
  }
  const second = JSON.parse(lines[2] as string);
  assert.equal(second.req.url, '/p/[redacted]?code=[redacted]&page=2');
  assert.equal(second.res.statusCode, 200);
  assert.equal(JSON.parse(lines[0] as string).res.statusCode, 202);
});

test('above info the request line is not written; errors are still logged', async (t) => {
  const { app, lines } = appLogging('warn');
  t.after(() => app.close());
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.inject({ method: 'GET', url: '/items/1' });
  assert.equal(lines.length, 0);
  await app.inject({ method: 'GET', url: '/boom' });
  assert.ok(
    lines.some((line) => JSON.parse(line).level === 50),
    lines.join(''),
  );
});
