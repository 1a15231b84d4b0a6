// The consent reminders (spec 6.1 `reconsent-notification`): when a data-API consent reaches 30, 14 or
// 1 days before it runs out, or runs out, `bankConsentExpired` moves to that point and the owning
// partner hears of it once. A clock that jumps over several points sends only the latest.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import * as repo from './bank-account.repository.js';
import { recordReconsentNotification } from './bank-account-events.js';
import { consentPointAt, isLaterPoint } from './consent-points.js';

const BATCH = 200;

/** Moves every account whose consent reached a new point; returns how many reminders were queued. */
export async function sendDueConsentReminders(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const seen = new Set<string>();
  let sent = 0;
  for (;;) {
    const due = (await repo.consentPointsDue(deps.db, now, BATCH)).filter((row) => !seen.has(row.id));
    if (due.length === 0) return sent;
    for (const row of due) {
      seen.add(row.id);
      const account = repo.toBankAccount(row);
      if (!account.consentExpiresAt) continue;
      const point = consentPointAt(account.consentExpiresAt, now);
      if (!isLaterPoint(point, account.bankConsentExpired)) continue;
      const moved = await withTransaction(deps, async (tx) => {
        // Only from the point read: a racing scheduler (or a reconsent in between) wins instead.
        const at = now.toISOString();
        if (!(await repo.advanceConsentPoint(tx.db, account.id, account.bankConsentExpired, point, at)))
          return false;
        await recordReconsentNotification(tx, { ...account, bankConsentExpired: point, updatedAt: at });
        return true;
      });
      if (moved) sent++;
    }
  }
}
