// The portal's overview (issue 16, item 6): money received per day over the last 30 days (UTC days,
// sandbox payments included: a sandbox installation has no other), payments by status, companies
// awaiting verification, failing webhooks.
import type { Deps } from '../../context.js';
import { formatAmount } from '../money.js';
import * as repo from './overview.repository.js';
import type { PortalUser } from './portal-user.js';

export const DAYS = 30;

export interface Overview {
  /** Oldest first, one entry per day, today last. */
  received: Array<{ day: string; pence: number }>;
  receivedTotal: string;
  paymentsByStatus: Array<{ status: string; count: number }>;
  companiesAwaitingVerification: number;
  failingWebhooks: { failed: number; retrying: number };
}

export async function overviewOf(deps: Deps, user: PortalUser): Promise<Overview> {
  const today = deps.clock.now().toISOString().slice(0, 10);
  const first = new Date(Date.parse(`${today}T00:00:00.000Z`) - (DAYS - 1) * 86_400_000);
  const [rows, byStatus, awaiting, failing] = await Promise.all([
    repo.receivedSince(deps.db, user.partnerId, first.toISOString()),
    repo.paymentsByStatus(deps.db, user.partnerId),
    repo.companiesAwaitingVerification(deps.db, user.partnerId),
    repo.failingWebhooks(deps.db, user.partnerId),
  ]);
  const perDay = new Map<string, number>();
  for (let i = 0; i < DAYS; i++)
    perDay.set(new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10), 0);
  for (const row of rows) {
    const day = row.completed_at?.slice(0, 10);
    if (day && perDay.has(day)) perDay.set(day, (perDay.get(day) ?? 0) + Number(row.amount));
  }
  const received = [...perDay].map(([day, pence]) => ({ day, pence }));
  return {
    received,
    receivedTotal: formatAmount(received.reduce((sum, d) => sum + d.pence, 0)),
    paymentsByStatus: byStatus.map((r) => ({ status: r.status, count: Number(r.n) })),
    companiesAwaitingVerification: awaiting,
    failingWebhooks: failing,
  };
}
