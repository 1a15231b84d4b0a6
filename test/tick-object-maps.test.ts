// src/tick-object-maps.ts: a tick object is kept, and a tick object made after full collections still has
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

test('the kept object is a tick object, and one made after full collections shares its hidden class', async () => {
  // The kept object is read only after the collections: only the module holds it while they run.
  const out = await stdoutOf(`
    import { keptTickObject } from ${JSON.stringify(moduleUrl)};
    ${AFTER_COLLECTIONS}
    await collected();
    const later = await tickObject();
    const kept = keptTickObject();
    const isObject = typeof kept === 'object' && kept !== null;
    process.stdout.write(JSON.stringify({
      isObject,
      keys: isObject ? Object.keys(kept) : [],
      symbols: isObject ? Object.getOwnPropertySymbols(kept).map((s) => s.description) : [],
      sameClass: isObject && %HaveSameMap(kept, later),
    }));`);
  const seen = JSON.parse(out) as {
    isObject: boolean;
    keys: string[];
    symbols: string[];
    sameClass: boolean;
  };
  assert.equal(seen.isObject, true);
  assert.deepEqual(seen.keys, ['callback', 'args']);
  // Node 22.7 and later add a third symbol (the async context frame).
  for (const symbol of ['async_id_symbol', 'trigger_async_id_symbol']) {
    assert.ok(seen.symbols.includes(symbol), symbol);
  }
  assert.equal(seen.sameClass, true);
});

test('without a kept tick object, one made after full collections has a new hidden class', async () => {
  // The control: what the module prevents. The first object's class is read (its address, printed by
  // V8) before it is dropped, as no live object may hold it. This checks V8, not the project: if it ever
  // fails, V8 keeps the class now and the module can go.
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
