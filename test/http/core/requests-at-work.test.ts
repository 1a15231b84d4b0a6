// A close waits for the requests still at work, even those whose client has gone, before what they use
// (the database, closed by an onClose hook) goes away (http/requests-at-work.ts).
import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import Fastify from 'fastify';
import { waitForRequestsAtWork } from '../../../src/http/requests-at-work.js';

/** An app whose one route waits for `release` and then uses a resource that the app's close ends. */
async function appWithResource(drainMs?: number) {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
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
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return { app, port, lines, used, running, release };
}

/** Sends a request and goes away without waiting for the answer, once the route has begun. */
async function requestAndLeave(port: number, running: Promise<void>) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write('GET /work HTTP/1.1\r\nHost: test\r\n\r\n');
  await running;
  socket.destroy();
}

const settled = (promise: Promise<unknown>) => {
  const state = { done: false };
  void promise.then(() => {
    state.done = true;
  });
  return state;
};

test('a close lets a request whose client has gone finish before the resources close', async () => {
  const { app, port, lines, used, running, release } = await appWithResource();
  await requestAndLeave(port, running);
  const closing = app.close();
  const state = settled(closing);
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(state.done, false, 'the close waits for the request');
  // Meanwhile a new request is turned away, and is not counted as at work.
  const late = await fetch(`http://127.0.0.1:${port}/work`).catch((err: Error) => err);
  assert.ok(late instanceof Error || late.status === 503, `late request: ${String(late)}`);
  release();
  await closing;
  assert.deepEqual(used, ['used'], 'the request used the resource while it was open');
  assert.deepEqual(lines, [], 'nothing logged');
});

test('a close after the requests have been answered does not wait for them', async () => {
  // A request counted and never uncounted would hold this close back for an hour: the test would time out.
  const { app, port, lines, release } = await appWithResource(3_600_000);
  release();
  for (const _ of [1, 2, 3]) assert.equal((await fetch(`http://127.0.0.1:${port}/work`)).status, 200);
  assert.equal((await fetch(`http://127.0.0.1:${port}/nowhere`)).status, 404);
  await app.close();
  assert.deepEqual(lines, []);
});

test('a request that never finishes holds a close back only so long, and is logged', async () => {
  const { app, port, lines, running } = await appWithResource(300);
  await requestAndLeave(port, running);
  await app.close();
  assert.equal(lines.length, 1, lines.join(''));
  const line = JSON.parse(lines[0] as string) as { msg: string; requests: number };
  assert.equal(line.msg, 'closing with requests still at work');
  assert.equal(line.requests, 1);
});
