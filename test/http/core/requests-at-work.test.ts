// A close waits for the requests still at work, even those whose client has gone, before what they use
// (the database, closed by an onClose hook) goes away (http/requests-at-work.ts).
import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import Fastify from 'fastify';
import { waitForRequestsAtWork } from '../../../src/http/requests-at-work.js';

/** An app whose route /work waits for `release` and then uses a resource that the app's close ends. */
async function appWithResource(drainMs?: number) {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
  });
  // Before the module's own: it runs once Fastify answers new requests 503.
  let closingBegun = () => {};
  const closing = new Promise<void>((resolve) => {
    closingBegun = resolve;
  });
  app.addHook('preClose', (next) => {
    closingBegun();
    next();
  });
  waitForRequestsAtWork(app, drainMs);
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
  return { app, lines, used, running, release, closing };
}

async function listening(app: ReturnType<typeof Fastify>) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

/** Sends `head` and goes away without waiting for the answer, once `running` has settled. */
async function sendAndLeave(
  port: number,
  running: Promise<void>,
  head = 'GET /work HTTP/1.1\r\nHost: test\r\n\r\n',
) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(head);
  await running;
  socket.destroy();
}

test('a close lets a request whose client has gone finish before the resources close', async () => {
  const { app, lines, used, running, release, closing } = await appWithResource();
  const port = await listening(app);
  await sendAndLeave(port, running);
  const closed = app.close();
  await closing;
  // Meanwhile a new request is turned away, and is not counted as at work.
  assert.equal((await fetch(`http://127.0.0.1:${port}/work`)).status, 503);
  release();
  await closed;
  assert.deepEqual(used, ['used'], 'the request used the resource while it was open');
  assert.deepEqual(lines, [], 'nothing logged');
});

test('a close after the requests have been answered does not wait for them', async () => {
  // A request counted and never uncounted would hold this close back for an hour: the test would time out.
  const { app, lines, release } = await appWithResource(3_600_000);
  const port = await listening(app);
  release();
  for (const _ of [1, 2, 3]) assert.equal((await fetch(`http://127.0.0.1:${port}/work`)).status, 200);
  assert.equal((await fetch(`http://127.0.0.1:${port}/nowhere`)).status, 404);
  await app.close();
  assert.deepEqual(lines, []);
});

test('an onSend hook that fails (onSend runs again for the error) uncounts its request once', async () => {
  const { app, used, running, release } = await appWithResource();
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
  release();
  await closed;
  assert.deepEqual(used, ['used']);
});

test('a request whose client left before sending its whole body does not hold a close back', async () => {
  // Its body is never read to its end, so it never reaches a handler nor onSend.
  const { app, lines } = await appWithResource(3_600_000);
  let inHook = () => {};
  const hooked = new Promise<void>((resolve) => {
    inHook = resolve;
  });
  let gone = () => {};
  const socketClosed = new Promise<void>((resolve) => {
    gone = resolve;
  });
  // As the credential checks do: an async onRequest hook, which the client leaves during; the hook ends
  // once the server has seen the connection close.
  app.addHook('onRequest', async (request) => {
    if (request.url !== '/body') return;
    const closed = new Promise((resolve) => request.raw.socket.once('close', resolve));
    inHook();
    await closed;
    gone();
  });
  app.post('/body', async () => ({ ok: true }));
  const port = await listening(app);
  const head =
    'POST /body HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a"';
  await sendAndLeave(port, hooked, head);
  await socketClosed;
  await app.close();
  assert.deepEqual(lines, []);
});

test('a request that never finishes holds a close back only so long, and is logged', async () => {
  const { app, lines, running } = await appWithResource(300);
  const port = await listening(app);
  await sendAndLeave(port, running);
  await app.close();
  assert.equal(lines.length, 1, lines.join(''));
  const line = JSON.parse(lines[0] as string) as { msg: string; requests: number };
  assert.equal(line.msg, 'closing with requests still at work');
  assert.equal(line.requests, 1);
});
