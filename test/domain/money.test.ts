import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { formatAmount, isAmountString, parseAmount } from '../../src/domain/money.js';

test('printing then parsing any pence amount gives it back exactly', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (pence) => {
      assert.equal(parseAmount(formatAmount(pence)), pence);
    }),
  );
});

test('parsing then printing any two-decimal string gives it back (less leading zeros)', () => {
  fc.assert(
    fc.property(fc.nat({ max: 10_000_000_000 }), fc.nat({ max: 99 }), (units, cents) => {
      const text = `${units}.${String(cents).padStart(2, '0')}`;
      assert.equal(formatAmount(parseAmount(text)), text);
    }),
  );
});

test('sums of parsed amounts never lose a penny', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 100_000_000 }), { maxLength: 50 }), (list) => {
      const total = list.map((p) => parseAmount(formatAmount(p))).reduce((a, b) => a + b, 0);
      assert.equal(
        total,
        list.reduce((a, b) => a + b, 0),
      );
    }),
  );
});

test('only exact two-decimal amounts are accepted', () => {
  for (const bad of ['1', '1.5', '1.234', '.50', '-1.00', '1,00', '1.00 ', 'abc', '', '1e3', '0x10.00']) {
    assert.equal(isAmountString(bad), false, bad);
    assert.throws(() => parseAmount(bad), RangeError, bad);
  }
  assert.equal(parseAmount('0.01'), 1);
  assert.equal(parseAmount('10.10'), 1010);
  assert.equal(formatAmount(5), '0.05');
  assert.throws(() => formatAmount(-1));
  assert.throws(() => formatAmount(1.5));
});
