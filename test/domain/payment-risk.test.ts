// The Risk block of a link payment (issue 13 item 9): e-commerce, the default merchant category, and
// a stable pseudonym of the payer at the merchant, never the address itself.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_MERCHANT_CATEGORY_CODE, linkPaymentRisk } from '../../src/domain/payments/payment-risk.js';

test('a link payment is e-commerce with the default category and a pseudonymous payer id', () => {
  const risk = linkPaymentRisk({ companyId: 'co-1', customerEmail: 'Payer@Example.com' });
  assert.equal(risk.context, 'EcommerceGoods');
  assert.equal(risk.merchantCategoryCode, DEFAULT_MERCHANT_CATEGORY_CODE);
  assert.ok(risk.merchantCustomerId && risk.merchantCustomerId.length <= 70);
  assert.doesNotMatch(risk.merchantCustomerId ?? '', /example/i);
  assert.equal(
    linkPaymentRisk({ companyId: 'co-1', customerEmail: ' payer@example.com' }).merchantCustomerId,
    risk.merchantCustomerId,
    'the same payer at the same merchant',
  );
  assert.notEqual(
    linkPaymentRisk({ companyId: 'co-2', customerEmail: 'payer@example.com' }).merchantCustomerId,
    risk.merchantCustomerId,
    'another merchant sees another id',
  );
  assert.equal(linkPaymentRisk({ companyId: 'co-1', customerEmail: null }).merchantCustomerId, undefined);
});
