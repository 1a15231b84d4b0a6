// The statistic against sums computed here, independently of the SQL: random transactions of two
// companies (both directions, every status, sandbox and live, amounts past 2^31 pence in total), random
// windows (open, dates, date-times, bounds hitting completion times exactly).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { setTransactionStatus } from '../../../src/domain/transactions/transaction.repository.js';
import { openTransaction } from '../../../src/domain/transactions/transaction.service.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { type PartnerMerchant, partnerMerchant } from '../../helpers/partner-payments.js';

const BASE = Date.parse('2026-06-01T00:00:00.000Z');
const MINUTE = 60_000;
const SPAN_MINUTES = 20 * 24 * 60; // 20 days
const iso = (minutes: number) => new Date(BASE + minutes * MINUTE).toISOString();

interface Row {
  company: 0 | 1;
  amountPence: number;
  direction: 'incoming' | 'outgoing';
  status: 'pending' | 'completed' | 'rejected';
  isSandbox: boolean;
  completedMinute: number;
}

const rowArb: fc.Arbitrary<Row> = fc.record({
  company: fc.constantFrom(0 as const, 1 as const),
  amountPence: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 100_000_000 })),
  direction: fc.constantFrom('incoming' as const, 'outgoing' as const),
  status: fc.constantFrom('pending' as const, 'completed' as const, 'rejected' as const),
  isSandbox: fc.boolean(),
  completedMinute: fc.integer({ min: 0, max: SPAN_MINUTES }),
});

/** A bound: none, a date (the whole UTC day) or a date-time on the same minute grid as the rows. */
type Bound = { kind: 'none' } | { kind: 'day'; day: number } | { kind: 'time'; minute: number };
const boundArb: fc.Arbitrary<Bound> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('day' as const), day: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ kind: fc.constant('time' as const), minute: fc.integer({ min: 0, max: SPAN_MINUTES }) }),
);

function lower(bound: Bound): number {
  if (bound.kind === 'none') return -Infinity;
  return bound.kind === 'day' ? BASE + bound.day * 1440 * MINUTE : BASE + bound.minute * MINUTE;
}

function upper(bound: Bound): number {
  if (bound.kind === 'none') return Infinity;
  return bound.kind === 'day' ? BASE + (bound.day + 1) * 1440 * MINUTE - 1 : BASE + bound.minute * MINUTE;
}

function text(bound: Bound): string | undefined {
  if (bound.kind === 'none') return undefined;
  return bound.kind === 'day' ? iso(bound.day * 1440).slice(0, 10) : iso(bound.minute);
}

const money = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

async function store(app: TestApp, merchants: PartnerMerchant[], rows: Row[]): Promise<void> {
  await app.deps.db.deleteFrom('transactions').execute();
  for (const row of rows) {
    const m = merchants[row.company]!;
    const opened = await openTransaction(app.deps, {
      companyId: m.companyId,
      integrationId: m.integrationId,
      parentType: 'Payment',
      parentId: 'dddddddddddddddddddddddd',
      direction: row.direction,
      amountPence: row.amountPence,
      reference: 'stat',
      externalRef: null,
      isSandbox: row.isSandbox,
      dataApiCheckStatus: 'not_applicable',
    });
    if (row.status === 'completed') {
      await setTransactionStatus(app.deps.db, opened.id, 'completed', {
        completed_at: iso(row.completedMinute),
      });
    } else if (row.status === 'rejected') {
      await setTransactionStatus(app.deps.db, opened.id, 'rejected');
    }
  }
}

test('the statistic equals the sum and count of completed incoming transactions, for sandbox and live apart', async (t) => {
  const app = await buildTestApp(t);
  const first = await partnerMerchant(app);
  const second = await partnerMerchant(app, { partner: first.partner, name: 'Second Co' });
  await fc.assert(
    fc.asyncProperty(
      fc.array(rowArb, { minLength: 0, maxLength: 40 }),
      fc.array(fc.tuple(boundArb, boundArb), { minLength: 1, maxLength: 4 }),
      async (rows, windows) => {
        await store(app, [first, second], rows);
        for (const [fromBound, toBound] of windows) {
          const [from, to] = [lower(fromBound), upper(toBound)];
          if (from > to) continue; // a reversed window is a 400 (transactions.error)
          for (const isSandbox of [false, true]) {
            const counted = rows.filter((r) => {
              const at = BASE + r.completedMinute * MINUTE;
              return (
                r.company === 0 &&
                r.status === 'completed' &&
                r.direction === 'incoming' &&
                r.isSandbox === isSandbox &&
                at >= from &&
                at <= to
              );
            });
            const query = new URLSearchParams({ isSandbox: String(isSandbox) });
            const [dateFrom, dateTo] = [text(fromBound), text(toBound)];
            if (dateFrom) query.set('dateFrom', dateFrom);
            if (dateTo) query.set('dateTo', dateTo);
            const res = await app.call({
              method: 'GET',
              url: `${first.base}/transactions/statistics?${query}`,
              headers: first.headers,
            });
            assert.equal(res.statusCode, 200, res.body);
            assert.deepEqual(res.json(), {
              data: [
                {
                  totalAmount: money(counted.reduce((sum, r) => sum + r.amountPence, 0)),
                  totalCount: String(counted.length),
                },
              ],
            });
          }
        }
      },
    ),
    { numRuns: 25 },
  );
});
