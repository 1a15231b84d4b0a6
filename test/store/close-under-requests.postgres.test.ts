// A close while creates wait on the database, their clients gone: each create still writes, and nothing
// meets a closed pool (http/requests-at-work.ts). Seen on SIGTERM under load as "Cannot use a pool after
// calling end on the pool": creates queued behind the write batcher's statements in flight went on to
// the pool after the close had ended it. PostgreSQL only: there a lock held elsewhere holds the creates
// at their write, after the credential check (and queues them in the write batcher); on SQLite a transaction held open would hold that check too.
import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { ENGINE } from '../helpers/app.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { lockHolder } from '../helpers/lock-holder.js';
import { merchant, paymentBody } from '../helpers/merchant.js';

const CREATES = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (ENGINE === 'postgres') {
  test('a close while creates wait on the database lets each write, whose clients have gone', async (t) => {
    const lines: string[] = [];
    // A create whose client leaves before its body is read is rightly never made (ClientGone,
    // http/requests-at-work.ts): the clients leave only once every create has been read. A sleep in its
    // place was too short on a loaded machine (CI: 5 of 8 written).
    let read = 0;
    const app = await buildListeningApp(
      t,
      { LOG_LEVEL: 'warn' },
      {
        logStream: { write: (l) => void lines.push(l) },
        beforeReady: (fastify) =>
          fastify.addHook('preHandler', (request, _reply, next) => {
            if (request.url === '/merchant/v1/payments/process') read += 1;
            next();
          }),
      },
    );
    const m = await merchant(app);
    const { holder, schema } = await lockHolder(t, app.config.databaseUrl);
    await holder.query(`begin; lock table ${schema}.payments in share mode`);

    try {
      // Without an e-mail to send, a create is one statement, written with the others of the moment.
      const body = JSON.stringify(paymentBody({ customerEmail: undefined, customerEmailCC: undefined }));
      const head = [
        'POST /merchant/v1/payments/process HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        ...Object.entries(m.headers).map(([name, value]) => `${name}: ${value}`),
      ].join('\r\n');
      const sockets = Array.from({ length: CREATES }, () => {
        const socket = net.connect(app.port, '127.0.0.1');
        socket.on('error', () => {});
        socket.write(`${head}\r\n\r\n${body}`);
        return socket;
      });
      // Two statements of the write batcher (its limit in flight, payment.repository.ts) wait on the lock
      // (pg_locks: pg_stat_activity is read once per transaction); the other creates queue behind them.
      let waiting = 0;
      for (const until = Date.now() + 10_000; waiting < 2 && Date.now() < until; await sleep(20)) {
        const { rows } = await holder.query<{ n: number }>(
          `select count(*)::int as n from pg_locks where not granted and relation = '${schema}.payments'::regclass`,
        );
        waiting = rows[0]?.n ?? 0;
      }
      assert.equal(waiting, 2, 'statements waiting on the lock');
      for (const until = Date.now() + 10_000; read < CREATES && Date.now() < until; ) await sleep(20);
      assert.equal(read, CREATES, 'every create read');
      // Read, they go on through their handlers to the write batcher's queue, whatever their clients do.
      await sleep(300);
      for (const socket of sockets) socket.destroy();
      const closed = app.app.close();
      await sleep(300);
      await holder.query('commit');
      await closed;
    } finally {
      // A failure above would otherwise leave the lock held while the app's pool closes, and hang.
      await holder.query('rollback');
    }

    const errors = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((l) => l.level >= 50);
    assert.deepEqual(errors, [], 'nothing logged as an error');
    const { rows } = await holder.query<{ n: number }>(`select count(*)::int as n from ${schema}.payments`);
    assert.equal(rows[0]?.n, CREATES, 'every create written');
  });
}
