// src/tick-object-maps.ts: a tick object is kept, and tick objects made after full collections still have
// its hidden class (V8's own %HaveSameMap, in a process of its own), so that nextTick's site keeps
// seeing one class; without a kept object, the class made after a collection is a new one.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const moduleUrl = new URL('../src/tick-object-maps.ts', import.meta.url).href;

/** Runs `body` as a module with V8's natives syntax and `gc()`; gives its stdout. */
async function stdoutOf(body: string): Promise<string> {
  const { stdout } = await run(process.execPath, [
    '--import',
    'tsx',
    '--expose-gc',
    '--allow-natives-syntax',
    '--input-type=module',
    '-e',
    body,
  ]);
  return stdout;
}

// Full collections with no tick queued, then a new tick object: does it have the kept one's class?
const AFTER_COLLECTIONS = `
  import { executionAsyncResource } from 'node:async_hooks';
  const tickObject = () => new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
  const idle = () => new Promise((resolve) => setImmediate(resolve));
  const collected = async () => { for (let i = 0; i < 3; i++) { await idle(); gc(); } };`;

test('the kept object is a tick object, and later tick objects share its hidden class', async () => {
  const out = await stdoutOf(`
    import { keptTickObject } from ${JSON.stringify(moduleUrl)};
    ${AFTER_COLLECTIONS}
    await idle();
    const kept = keptTickObject();
    const symbols = Object.getOwnPropertySymbols(kept).map((s) => s.description);
    await collected();
    const later = await tickObject();
    process.stdout.write(JSON.stringify({
      keys: Object.keys(kept),
      symbols,
      sameClass: %HaveSameMap(kept, later),
    }));`);
  assert.deepEqual(JSON.parse(out), {
    keys: ['callback', 'args'],
    symbols: ['async_id_symbol', 'trigger_async_id_symbol'],
    sameClass: true,
  });
});

test('without a kept tick object, one made after full collections has a new hidden class', async () => {
  // The control: what the module prevents. The first object's class is read (its address, printed by
  // V8) before it is dropped, as no live object may hold it.
  const out = await stdoutOf(`
    ${AFTER_COLLECTIONS}
    let first = await tickObject();
    %DebugPrint(first);
    first = undefined;
    await collected();
    %DebugPrint(await tickObject());`);
  const classes = out.split('\n').filter((line) => line.startsWith(' - map:'));
  assert.equal(classes.length, 2);
  assert.notEqual(classes[0], classes[1]);
});
