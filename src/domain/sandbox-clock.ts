// The sandbox clock (API.md 9.1): real time plus an offset that only grows. The offset is kept in the
// `settings` table, so a restart keeps it and every process sharing the database follows it.
import { type Deps, depsWithDb } from '../context.js';
import { OffsetClock } from './clock.js';
import { DomainError } from './errors.js';

const SETTING = 'sandbox_clock_offset_ms';

async function storedOffset(deps: Deps): Promise<number> {
  let query = deps.db.selectFrom('settings').select('value').where('name', '=', SETTING);
  if (deps.engine === 'postgres' && deps.db.isTransaction) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  const value = row ? Number(row.value) : 0;
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Catches this process's sandbox clock up with the stored offset (never moves it back). */
export async function loadClockOffset(deps: Deps): Promise<void> {
  if (!(deps.clock instanceof OffsetClock)) return;
  const stored = await storedOffset(deps);
  if (stored > deps.clock.offset) deps.clock.setOffset(stored);
}

/** Moves the sandbox clock forward by `ms` for every process; answers the new time. */
export async function advanceClock(deps: Deps, ms: number): Promise<Date> {
  const clock = deps.clock;
  if (!(clock instanceof OffsetClock)) throw new DomainError('invalid_state', 'this clock cannot be moved');
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new DomainError('validation_failed', 'time never goes backwards');
  const offset = await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('settings')
      .values({ name: SETTING, value: '0' })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const next = Math.max(await storedOffset(depsWithDb(deps, trx)), clock.offset) + ms;
    await trx
      .updateTable('settings')
      .set({ value: String(next) })
      .where('name', '=', SETTING)
      .execute();
    return next;
  });
  clock.setOffset(Math.max(offset, clock.offset));
  return clock.now();
}
