import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { COMPANY_STATUSES, type Company } from '../../src/domain/companies/company.js';
import {
  assertCompanyCanTakePayments,
  COMPANY_TRANSITIONS,
  OFFICER_TRANSITIONS,
  statusFromOfficers,
} from '../../src/domain/companies/company-status.js';
import { OFFICER_STATUSES } from '../../src/domain/companies/officer.js';
import { DomainError } from '../../src/domain/errors.js';

const officerStatus = fc.constantFrom(...OFFICER_STATUSES);

test('a company is active exactly when it has officers and every one passed', () => {
  fc.assert(
    fc.property(fc.array(officerStatus, { maxLength: 8 }), (statuses) => {
      const active = statuses.length > 0 && statuses.every((s) => s === 'active');
      assert.equal(statusFromOfficers(statuses) === 'active', active);
    }),
  );
});

test('any failed officer makes the company rejected_with_retry_allowed; any progress without failure, started', () => {
  fc.assert(
    fc.property(fc.array(officerStatus, { minLength: 1, maxLength: 8 }), (statuses) => {
      const status = statusFromOfficers(statuses);
      if (statuses.includes('rejected_with_retry_allowed'))
        assert.equal(status, 'rejected_with_retry_allowed');
      else if (statuses.every((s) => s === 'pending_verification'))
        assert.equal(status, 'pending_verification');
      else if (!statuses.every((s) => s === 'active')) assert.equal(status, 'started_verification');
    }),
  );
});

test("one officer's move never takes the company along a move its transition table forbids", () => {
  fc.assert(
    fc.property(fc.array(officerStatus, { minLength: 1, maxLength: 6 }), fc.nat(), (statuses, pick) => {
      const index = pick % statuses.length;
      const from = statuses[index]!;
      for (const to of OFFICER_TRANSITIONS[from]) {
        const after = statuses.map((s, i) => (i === index ? to : s));
        const before = statusFromOfficers(statuses);
        const next = statusFromOfficers(after);
        if (next !== before) assert.ok(COMPANY_TRANSITIONS[before].includes(next), `${before} -> ${next}`);
      }
    }),
  );
});

test('only an active company can take payments; the others answer forbidden', () => {
  const company = (status: Company['status']) => ({ status }) as Company;
  assert.doesNotThrow(() => assertCompanyCanTakePayments(company('active')));
  for (const status of COMPANY_STATUSES.filter((s) => s !== 'active')) {
    assert.throws(
      () => assertCompanyCanTakePayments(company(status)),
      (err: unknown) => err instanceof DomainError && err.code === 'forbidden',
      status,
    );
  }
});
