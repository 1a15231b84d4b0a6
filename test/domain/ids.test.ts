import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isId, newId, newToken } from '../../src/domain/ids.js';

test('ids are 24 lowercase hex characters and never repeat', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 20_000; i++) {
    const id = newId();
    assert.match(id, /^[0-9a-f]{24}$/);
    assert.ok(!seen.has(id));
    seen.add(id);
  }
});

test('ids are random, not sequential: consecutive ids share no common prefix on average', () => {
  const ids = Array.from({ length: 1000 }, newId);
  let shared = 0;
  for (let i = 1; i < ids.length; i++) if (ids[i]!.slice(0, 6) === ids[i - 1]!.slice(0, 6)) shared++;
  assert.ok(shared < 5, `${shared} consecutive ids shared a 6-character prefix`);
  // Every hex digit appears in every position over many ids (no timestamp or counter part).
  for (let pos = 0; pos < 24; pos++) {
    assert.equal(new Set(ids.map((id) => id[pos])).size, 16, `position ${pos}`);
  }
});

test('isId accepts exactly the id form', () => {
  fc.assert(fc.property(fc.string(), (s) => assert.equal(isId(s), /^[0-9a-f]{24}$/.test(s))));
  assert.equal(isId(newId().toUpperCase()), false);
  assert.equal(isId(`${newId()}0`), false);
});

test('ids and tokens drawn from the shared random pool never overlap, across its refills', () => {
  const seen = new Set<string>();
  // Sizes that do not divide the pool, so that draws straddle a refill; one larger than the pool.
  for (let i = 0; i < 3000; i++) {
    for (const value of [newId(), newToken(), newToken(7), newToken(5000)]) {
      assert.ok(!seen.has(value), 'a value came out twice');
      seen.add(value);
    }
  }
  assert.equal(Buffer.from(newToken(), 'base64url').length, 24);
  assert.equal(Buffer.from(newToken(5000), 'base64url').length, 5000);
});
