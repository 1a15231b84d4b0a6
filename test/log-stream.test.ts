// The default log stream (src/log-stream.ts): lines of one turn of the event loop go out together when
// the turn's I/O is done, in order, and none is lost when the process exits or crashes.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const streamUrl = new URL('../src/log-stream.ts', import.meta.url).href;

/** Runs `body` in a new process with `lines` (the stdout stream) in scope; gives its stdout. */
async function stdoutOf(body: string): Promise<string> {
  const source = `import { stdoutLines } from ${JSON.stringify(streamUrl)};
    import { writeSync } from 'node:fs';
    const lines = stdoutLines();
    ${body}`;
  const child = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source]).catch(
    (err: { stdout: string }) => err,
  );
  return child.stdout;
}

test('lines of one turn are written together after it, in order, then the next turn', async () => {
  const out = await stdoutOf(`
    lines.write('a\\n');
    lines.write('b\\n');
    writeSync(1, 'same turn\\n');
    setImmediate(() => setImmediate(() => { lines.write('c\\n'); writeSync(1, 'later turn\\n'); }));`);
  assert.equal(out, 'same turn\na\nb\nlater turn\nc\n');
});

test('pending lines are written when the process exits, however it exits', async () => {
  assert.equal(await stdoutOf(`lines.write('before exit\\n'); process.exit(3);`), 'before exit\n');
  assert.equal(
    await stdoutOf(`lines.write('before a crash\\n'); throw new Error('boom');`),
    'before a crash\n',
  );
  assert.equal(await stdoutOf(`lines.write('x\\n'); lines.flushSync(); writeSync(1, 'y\\n');`), 'x\ny\n');
});

test('a line at error goes out at once with what was pending; lines below it wait for the turn', async () => {
  const out = await stdoutOf(`
    const { default: pino } = await import('pino');
    const log = pino({ base: null, timestamp: false }, lines);
    log.info('first');
    log.error('broken');
    writeSync(1, 'marker\\n');
    lines.write('past pino\\n');
    log.warn('after');
    writeSync(1, 'second marker\\n');
    setImmediate(() => log.flush(() => writeSync(1, 'flushed\\n')));`);
  assert.equal(
    out,
    [
      '{"level":30,"msg":"first"}',
      '{"level":50,"msg":"broken"}',
      'marker',
      'second marker',
      'past pino',
      '{"level":40,"msg":"after"}',
      'flushed',
      '',
    ].join('\n'),
  );
});

test('one stream per process, whatever number of apps asks for it', async () => {
  const { stdoutLines } = await import('../src/log-stream.js');
  assert.equal(stdoutLines(), stdoutLines());
});
