// A presented secret matches only the hash of itself; a missing record never matches.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashSecret, secretMatches } from '../../src/domain/secrets.js';

test('secretMatches compares a presented secret with a stored SHA-256 hash', () => {
  for (const secret of ['96a86b20-8c98-4840-bdcc-67a3b74a3bc4', 'pound £ and accents é', '']) {
    const stored = hashSecret(secret);
    assert.equal(secretMatches(secret, stored), true, secret);
    assert.equal(secretMatches(`${secret}x`, stored), false, secret);
    assert.equal(secretMatches(secret, undefined), false, secret);
  }
  // A stored value of another length (not a SHA-256 hash) never matches.
  assert.equal(secretMatches('a', hashSecret('a').slice(0, 32)), false);
});
