// Sealing secrets at rest (issue 12 item 5): AES-256-GCM, authenticated, naming its key for rotation.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { isSealed, parseKey, SecretBox } from '../../src/domain/secret-box.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

test('a sealed secret opens to itself, hides it, and differs every time', () => {
  const box = new SecretBox(randomBytes(32));
  const a = box.seal(SECRET);
  const b = box.seal(SECRET);
  assert.ok(isSealed(a));
  assert.notEqual(a, b, 'a fresh IV each time');
  assert.equal(a.includes(SECRET.slice(6)), false);
  assert.equal(box.open(a), SECRET);
  assert.equal(box.needsSealing(a), false);
  assert.equal(box.needsSealing(SECRET), true, 'a clear value must be sealed');
  assert.equal(box.open(SECRET), SECRET, 'a value stored before encryption reads as is');
});

test('a tampered or foreign sealed secret does not open', () => {
  const box = new SecretBox(randomBytes(32));
  const sealed = box.seal(SECRET);
  const last = sealed.at(-2) === 'A' ? 'B' : 'A';
  assert.throws(() => box.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`), /does not open/);
  assert.throws(() => new SecretBox(randomBytes(32)).open(sealed), /no secrets key/);
});

test('rotation: the previous key opens, only the current one seals', () => {
  const oldKey = randomBytes(32);
  const sealedOld = new SecretBox(oldKey).seal(SECRET);
  const box = new SecretBox(randomBytes(32), [oldKey]);
  assert.equal(box.open(sealedOld), SECRET);
  assert.equal(box.needsSealing(sealedOld), true);
  assert.equal(box.needsSealing(box.seal(SECRET)), false);
});

test('keys are 32 bytes in base64 or hex', () => {
  const key = randomBytes(32);
  assert.deepEqual(parseKey(key.toString('base64')), key);
  assert.deepEqual(parseKey(key.toString('hex')), key);
  assert.deepEqual(parseKey(`${key.toString('base64url')}\n`), key);
  assert.equal(parseKey('too short'), undefined);
  assert.equal(parseKey(randomBytes(16).toString('base64')), undefined);
});
