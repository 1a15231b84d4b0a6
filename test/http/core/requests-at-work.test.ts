// A close waits for the requests still at work, even those whose client has gone, before what they use
// (the database, closed by an onClose hook) goes away (http/requests-at-work.ts). The app is wired as
// server.ts wires it: counted first of the hooks, drained by the onClose hook registered last.
import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { countRequestsAtWork, drainOnClose } from '../../../src/http/requests-at-work.js';

/** An app whose route /work waits for `release` and then uses a resource that the app's close ends. */
function appWithResource(drainMs = 10_000) {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
  });
  const atWork = countRequestsAtWork(app);
  let open = true;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const used: string[] = [];
  let started = () => {};
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  app.get('/work', async () => {
    started();
    await released;
    if (!open) throw new Error('the resource was closed under the request');
    used.push('used');
    return { done: true };
  });
  app.addHook('onClose', async () => {
    open = false;
  });
  drainOnClose(app, atWork, drainMs);
  return { app, lines, used, running, release };
}

/** Long enough to tell a close held back by a request counted for ever. */
const STUCK_MS = 1_000;

async function listening(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

/** Sends `head` and goes away without waiting for the answer, once `ready` has settled. */
async function sendAndLeave(
  port: number,
  ready: Promise<void>,
  head = 'GET /work HTTP/1.1\r\nHost: t\r\n\r\n',
) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(head);
  await ready;
  socket.destroy();
}

/** Resolves `signal` once the server has seen the request's connection close, then lets the hook go on. */
function leftDuringAsyncHook(app: FastifyInstance, url: string) {
  let inHook = () => {};
  const hooked = new Promise<void>((resolve) => {
    inHook = resolve;
  });
  let gone = () => {};
  const hookDone = new Promise<void>((resolve) => {
    gone = resolve;
  });
  // As the credential checks do: an async onRequest hook, which the client leaves during.
  app.addHook('onRequest', async (request) => {
    if (request.url !== url) return;
    const closed = new Promise((resolve) => request.raw.socket.once('close', resolve));
    inHook();
    await closed;
    gone();
  });
  return { hooked, hookDone };
}

test('a close lets a request whose client has gone finish before the resources close', async () => {
  const { app, lines, used, running, release } = appWithResource();
  const port = await listening(app);
  await sendAndLeave(port, running);
  const closed = app.close();
  // Long enough for the server's close and any onClose hook not held back to have run.
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  await closed;
  assert.deepEqual(used, ['used'], 'the request used the resource while it was open');
  assert.deepEqual(lines, [], 'nothing logged');
});

test('a close after the requests have been answered does not wait for them', async () => {
  // A request counted and never uncounted would hold this close back, and be logged.
  const { app, lines, release } = appWithResource(STUCK_MS);
  const port = await listening(app);
  release();
  for (const _ of [1, 2, 3]) assert.equal((await fetch(`http://127.0.0.1:${port}/work`)).status, 200);
  assert.equal((await fetch(`http://127.0.0.1:${port}/nowhere`)).status, 404);
  await app.close();
  assert.deepEqual(lines, []);
});

test('a keep-alive client that stays connected after its answer does not hold a close back', async () => {
  const { app, lines, release } = appWithResource(STUCK_MS);
  const port = await listening(app);
  release();
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const answered = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(String(chunk))));
  socket.write('GET /work HTTP/1.1\r\nHost: t\r\nConnection: keep-alive\r\n\r\n');
  assert.match(await answered, /^HTTP\/1\.1 200/);
  await app.close();
  socket.destroy();
  assert.deepEqual(lines, []);
});

test('an onSend hook that fails (onSend runs again for the error) uncounts its request once', async () => {
  const { app, used, running, release } = appWithResource();
  let failed = false;
  app.addHook('onSend', async (request) => {
    if (request.url === '/fails' && !failed) {
      failed = true;
      throw new Error('a later onSend hook failed');
    }
  });
  app.get('/fails', async () => ({ ok: true }));
  const port = await listening(app);
  assert.equal((await fetch(`http://127.0.0.1:${port}/fails`)).status, 500);
  // Counted twice down, the count would be at zero with this request at work, and the close not wait.
  await sendAndLeave(port, running);
  const closed = app.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  await closed;
  assert.deepEqual(used, ['used']);
});

// The client leaves during an async onRequest hook, having sent part of its body, or all of it.
for (const [part, body] of [
  ['before its whole body', 'Content-Length: 100\r\n\r\n{"a"'],
  ['after its whole body', 'Content-Length: 8\r\n\r\n{"a":1}\n'],
]) {
  test(`a request whose client left during an async hook, ${part}, does not hold a close back`, async () => {
    const { app, lines } = appWithResource(STUCK_MS);
    const { hooked, hookDone } = leftDuringAsyncHook(app, '/body');
    let handled = false;
    app.post('/body', async () => {
      handled = true;
      return { ok: true };
    });
    const port = await listening(app);
    const head = `POST /body HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n${body}`;
    await sendAndLeave(port, hooked, head);
    await hookDone;
    await app.close();
    assert.equal(handled, false, 'no one is left to answer');
    assert.deepEqual(lines, []);
  });
}

test('a request that never finishes holds a close back only so long, and is logged', async () => {
  const { app, lines, running } = appWithResource(300);
  const port = await listening(app);
  await sendAndLeave(port, running);
  await app.close();
  assert.equal(lines.length, 1, lines.join(''));
  const line = JSON.parse(lines[0] as string) as { msg: string; requests: number };
  assert.equal(line.msg, 'closing with requests still at work');
  assert.equal(line.requests, 1);
});

test('a keep-alive client whose request is at work at the close gets its answer, and the close ends', async () => {
  const { app, lines, used, running, release } = appWithResource(STUCK_MS);
  const port = await listening(app);
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const answered = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(String(chunk))));
  socket.write('GET /work HTTP/1.1\r\nHost: t\r\nConnection: keep-alive\r\n\r\n');
  await running;
  const closed = app.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  assert.match(await answered, /^HTTP\/1\.1 200 [\s\S]*\r\nconnection: close\r\n/i);
  // Kept alive, the connection would hold the server's close back for Fastify's 72 s.
  const ended = await Promise.race([
    closed.then(() => 'closed'),
    new Promise((resolve) => setTimeout(resolve, 5_000, 'held back')),
  ]);
  socket.destroy();
  await closed;
  assert.equal(ended, 'closed');
  assert.deepEqual(used, ['used']);
  assert.deepEqual(lines, []);
});
