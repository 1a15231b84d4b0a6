// Which requests carry the customer's presence to the bank (API.md 10.2): the customer's own pages, the
// initiation and the bank's returns, and nothing of the APIs (isCustomerRequest runs on every request).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isCustomerRequest } from '../../src/providers/customer-presence.js';

test('the customer pages, the initiation and the returns are customer requests; the APIs are not', () => {
  const customer = [
    '/p?=token',
    '/p/token',
    '/p',
    '/rp?=token',
    '/rf?=token',
    '/public/v1/payments/initiate',
    '/public/v1/payments/initiate?x=1',
    '/public/v1/return?code=a&state=b',
    '/public/v1/bank-accounts/return?code=a',
  ];
  const others = [
    '/merchant/v1/payments/aa4159bb50268eabc4df0cd3',
    '/partner/v1/companies',
    '/portal/login',
    '/pay',
    '/rpx',
    '/public/v1/payments/token/status',
    '/public/v1/returns',
    '/health/ready',
    '/',
    '',
  ];
  for (const url of customer) assert.equal(isCustomerRequest(url), true, url);
  for (const url of others) assert.equal(isCustomerRequest(url), false, url);
});
