// The pieces behind the bank picker and the pages' language, alone: Accept-Language, initials badges,
// the bank entries' logoUrl and available fields (API.md 10.1), the safe way back, Welsh dates.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDate } from '../../src/domain/formats.js';
import { cy } from '../../src/pages/i18n/cy.js';
import { en } from '../../src/pages/i18n/en.js';
import { languageOfHeader } from '../../src/pages/i18n/language.js';
import { safeBack } from '../../src/pages/i18n/preference-routes.js';
import { initialsOf } from '../../src/pages/picker/bank-picker.js';
import { parseOpenBankingProviders } from '../../src/providers/open-banking/provider-config.js';
import { bankFiles } from '../helpers/bank-config.js';

test('Accept-Language: the best of en and cy by q-value; neither is undefined', () => {
  assert.equal(languageOfHeader('cy-GB,cy;q=0.9,en;q=0.8'), 'cy');
  assert.equal(languageOfHeader('en-GB, cy;q=0.5'), 'en');
  assert.equal(languageOfHeader('fr, cy;q=0.3'), 'cy');
  assert.equal(languageOfHeader('cy;q=0, en;q=0.1'), 'en');
  assert.equal(languageOfHeader('fr-FR, de'), undefined);
  assert.equal(languageOfHeader(undefined), undefined);
});

test('the Welsh catalogue has every English key, and words of its own', () => {
  assert.deepEqual(Object.keys(cy).sort(), Object.keys(en).sort());
  assert.equal(cy.payTitle('Acme'), 'Talu Acme');
  assert.notEqual(cy.chooseBank, en.chooseBank);
  assert.equal(formatDate('2027-12-01', 'cy'), '1 Rhagfyr 2027');
  assert.equal(formatDate('2027-12-01'), '1 December 2027');
});

test('initials badges: the first letters of the first two words', () => {
  assert.equal(initialsOf('Sandbox Bank'), 'SB');
  assert.equal(initialsOf('monzo'), 'M');
  assert.equal(initialsOf('Bank of Scotland'), 'BO');
  assert.equal(initialsOf('Marks & Spencer Bank'), 'MS');
});

test('the way back after a device choice is only a path on this service', () => {
  assert.equal(safeBack('/p?=abc'), '/p?=abc');
  for (const bad of [
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    '',
    undefined,
    '/x\r\nSet-Cookie: a=b',
  ]) {
    assert.equal(safeBack(bad), '/', String(bad));
  }
});

test("a bank entry's logoUrl is an http(s) URL or a path here; available is true or false", async () => {
  const files = await bankFiles();
  const entry = (extra: Record<string, unknown>) =>
    JSON.stringify([
      { id: 'ob-x', name: 'X Bank', baseUrl: 'https://x.example', clientId: 'c', ...files, ...extra },
    ]);
  const [plain] = parseOpenBankingProviders(entry({}));
  assert.equal(plain?.logoUrl, undefined);
  assert.equal(plain?.available, true);
  const [logo] = parseOpenBankingProviders(
    entry({ logoUrl: 'https://cdn.x.example/x.svg', available: false }),
  );
  assert.equal(logo?.logoUrl, 'https://cdn.x.example/x.svg');
  assert.equal(logo?.available, false);
  assert.equal(parseOpenBankingProviders(entry({ logoUrl: '/logos/x.svg' }))[0]?.logoUrl, '/logos/x.svg');
  assert.throws(
    () => parseOpenBankingProviders(entry({ logoUrl: 'javascript:alert(1)' })),
    /logoUrl must be http/,
  );
  assert.throws(() => parseOpenBankingProviders(entry({ logoUrl: '//evil.example/x.svg' })), /logoUrl/);
  assert.throws(
    () => parseOpenBankingProviders(entry({ available: 'no' })),
    /available must be true or false/,
  );
});
