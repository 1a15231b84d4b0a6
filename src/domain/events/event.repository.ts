import { type Selectable, type SqlBool, sql } from 'kysely';
import type { Db, Engine } from '../../store/database.js';
import { mapPage, newestFirstPage, type Page, type PageRequest } from '../../store/paging.js';
import { prepared } from '../../store/prepared.js';
import { reusableQuery, runBuilt } from '../../store/reusable-query.js';
import { newId } from '../ids.js';
import type { StoredWebhookSecrets } from '../webhooks/webhook-secrets.js';
import type { AttemptOutcome, Delivery, DeliveryAttempt, DeliveryFilter, EventState } from './event.js';
import type { EventAttemptTable, EventTable } from './event.row.js';

export type EventRow = Selectable<EventTable>;

/**
 * An event (as `e`) waiting behind an earlier pending event of its resource (the same order key) is not
 * due yet: per-destination, per-resource order. Shared by the claim and the read before it.
 * On PostgreSQL, `offset 0` keeps this a probe of events_order for each event: made a join, it was
 * planned from statistics, and statistics taken when no event was pending (autovacuum's analyze at a
 * quiet moment) guess one pending event, so that reading them all for each event, the probe a join
 * filter, looked as cheap: 155 ms to claim 128 behind 5,000 pending, and 690 ms a claim on average in a
 * webhook bench run, quadratic in the backlog (bench/RESULTS.md, 2026-12-03 10:25-11:00). SQLite allows
 * no offset without a limit, and needs none.
 */
function notBehindAnEarlierOne(engine: Engine) {
  return sql<SqlBool>`not exists (select 1 from events p
    where p.order_key = e.order_key and p.state = 'pending' and p.seq < e.seq${engine === 'postgres' ? sql` offset 0` : sql``})`;
}

const anyDueQuery = (engine: Engine) =>
  reusableQuery((db, at: string, limit: number) =>
    db
      .selectFrom('events as e')
      .select('e.seq')
      .where('e.state', '=', sql.lit('pending'))
      .where('e.next_attempt_at', '<=', at)
      .where((w) => w.or([w('e.lease_until', 'is', null), w('e.lease_until', '<=', at)]))
      .where(notBehindAnEarlierOne(engine))
      .limit(limit),
  );
const anyDue = { sqlite: anyDueQuery('sqlite'), postgres: anyDueQuery('postgres') };

/**
 * Whether any event is due and unleased at `now`. A read, built once: an idle dispatcher's poll costs
 * one, where a claim (a write) took SQLite's write lock and about ten times as long.
 */
export async function anyEventDue(db: Db, engine: Engine, now: Date): Promise<boolean> {
  return (await anyDue[engine](db, now.toISOString(), 1)).length > 0;
}

/** Which destinations a claim may take events of: not those in `exclude`; only `only`'s, if given. */
export interface DestinationFilter {
  exclude?: string[];
  only?: string;
  /** With `only`: its events set aside until this time (deferEvents) count as due too. */
  deferredTo?: Date;
}

/**
 * The seqs of up to `limit` due events, in the order they fell due. An event is due when it is pending,
 * its time has come, nobody holds a live lease on it, and no earlier event with the same order key is
 * still pending (per-destination, per-resource order). On PostgreSQL the rows are taken FOR UPDATE SKIP
 * LOCKED, so that concurrent processes claim disjoint sets. 'pending' is a literal: the indexes that
 * serve this read hold pending events only (migration 0027).
 */
export function dueEvents(
  db: Db,
  engine: Engine,
  now: Date,
  limit: number,
  destinations: DestinationFilter = {},
) {
  const at = now.toISOString();
  const { exclude = [], only, deferredTo } = destinations;
  const due = db
    .selectFrom('events as e')
    .select('e.seq')
    .where('e.state', '=', sql.lit('pending'))
    .where((eb) =>
      deferredTo
        ? eb.or([eb('e.next_attempt_at', '<=', at), eb('e.next_attempt_at', '=', deferredTo.toISOString())])
        : eb('e.next_attempt_at', '<=', at),
    )
    .where((eb) => eb.or([eb('e.lease_until', 'is', null), eb('e.lease_until', '<=', at)]))
    .where(notBehindAnEarlierOne(engine))
    // Destination ids are unique across kinds (integrations and partners), so the id alone names one.
    .$if(exclude.length > 0, (q) =>
      q.where((eb) => eb.or([eb('e.destination_id', 'is', null), eb('e.destination_id', 'not in', exclude)])),
    )
    .$if(only !== undefined, (q) => q.where('e.destination_id', '=', only ?? ''))
    .orderBy('e.next_attempt_at')
    .orderBy('e.seq')
    .limit(limit);
  return engine === 'postgres' ? due.forUpdate().skipLocked() : due;
}

/**
 * PostgreSQL plans a claim from its statistics of events: taken when few were pending, or none at all
 * (autovacuum off or not yet run), they guess a few dozen due where a backlog has thousands. It then
 * read, anti-joined and sorted every due event to claim a hundred: 10 ms a claim on average and up to
 * 53 ms with 20,000 due (bench/RESULTS.md, 2026-12-02 09:43-10:00), more as the backlog grows, just when
 * the dispatcher must catch up. The plan wanted walks events_due in order, probes events_order for each
 * event, and stops at the limit once past the events ahead that it cannot take (leased, or behind an
 * earlier one of their resource). These settings, for the claim's transaction only, price the others out.
 */
const ORDERED_CLAIM_PLAN = sql`select set_config('enable_sort', 'off', true), set_config('enable_bitmapscan',
  'off', true), set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true),
  set_config('enable_material', 'off', true)`;

/**
 * Runs `run` as `claim` is made: on PostgreSQL in a transaction of its own planned as
 * ORDERED_CLAIM_PLAN says. Left to the planner: a probe (`only`), whose events set aside until
 * `deferredTo` come after every due event in the queue's order, so that walking it in order would read
 * them all; and a claim made inside a transaction already open, where the settings would last until
 * that transaction ends.
 */
export async function withClaimPlan<T>(
  db: Db,
  engine: Engine,
  claim: Claim,
  run: (db: Db) => Promise<T>,
): Promise<T> {
  if (engine !== 'postgres' || claim.destinations?.only !== undefined || db.isTransaction) return run(db);
  return db.transaction().execute(async (trx) => {
    await ORDERED_CLAIM_PLAN.execute(trx);
    return run(trx);
  });
}

/** What a claim asks for: up to `limit` due events (dueEvents), leased to `owner` until `leaseUntil`. */
export interface Claim {
  owner: string;
  now: Date;
  leaseUntil: Date;
  limit: number;
  destinations?: DestinationFilter;
}

/** The UPDATE that makes `claim`. */
export function claimStatement(db: Db, engine: Engine, claim: Claim) {
  const { owner, now, leaseUntil, limit, destinations = {} } = claim;
  return db
    .updateTable('events')
    .set({ lease_owner: owner, lease_until: leaseUntil.toISOString() })
    .where('seq', 'in', dueEvents(db, engine, now, limit, destinations))
    .returningAll();
}

/**
 * Makes `claim` in one UPDATE statement, and answers the events leased. On SQLite a write statement holds
 * the database's write lock from its first read, so that is atomic too.
 */
export async function claimDueEvents(db: Db, engine: Engine, claim: Claim): Promise<EventRow[]> {
  const claimed = await withClaimPlan(db, engine, claim, (db) => claimStatement(db, engine, claim).execute());
  return claimed.sort((a, b) => a.seq - b.seq);
}

/**
 * Sets up to `limit` of `destination`'s due events aside until `until`, the time its held-back receiver
 * (src/workers/destination-circuits.ts) is given at most: they would otherwise stay due and be read
 * past by every claim, a cost that grew with the backlog of a receiver that is down. Leased events are
 * left alone; no attempt is counted. Answers how many were set aside.
 */
export async function deferEvents(
  db: Db,
  engine: Engine,
  destination: string,
  now: Date,
  until: Date,
  limit: number,
): Promise<number> {
  const result = await db
    .updateTable('events')
    .set({ next_attempt_at: until.toISOString() })
    .where('seq', 'in', deferrableEvents(db, engine, destination, now, limit))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The seqs of up to `limit` of `destination`'s due, unleased events: what deferEvents sets aside. */
export function deferrableEvents(db: Db, engine: Engine, destination: string, now: Date, limit: number) {
  const at = now.toISOString();
  const due = db
    .selectFrom('events')
    .select('seq')
    .where('state', '=', sql.lit('pending'))
    .where('next_attempt_at', '<=', at)
    .where('destination_id', '=', destination)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .limit(limit);
  return engine === 'postgres' ? due.forUpdate().skipLocked() : due;
}

/** Makes the events deferEvents set aside until `until` due at `now`: their receiver answers again. */
export async function undeferEvents(db: Db, destination: string, now: Date, until: Date): Promise<number> {
  const result = await db
    .updateTable('events')
    .set({ next_attempt_at: now.toISOString() })
    .where('state', '=', sql.lit('pending'))
    .where('next_attempt_at', '=', until.toISOString())
    .where('destination_id', '=', destination)
    // Past that time another worker may have claimed some: those are its to send.
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface EventOutcome {
  seq: number;
  eventId: string;
  state: EventState;
  attempts: number;
  nextAttemptAt: string | null;
  finishedAt: string | null;
  lastError: string | null;
  /** The attempt, whole (its event included: a property added to a spread copy is slow on Node 20): a row of
   * event_attempts, or, for the delivery that marks its event, the event's own columns (recordDeliveries).
   * Absent for a skipped event: nothing was attempted. */
  attempt?: EventAttemptTable;
}

/** When a batch of deliveries finished: one time for the batch, they ended within milliseconds of each other. */
function finishedAtOf(delivered: EventOutcome[]): string {
  return delivered.reduce((latest, o) => ((o.finishedAt ?? '') > latest ? (o.finishedAt ?? '') : latest), '');
}

/**
 * PostgreSQL's record of a batch of deliveries: each event marked delivered and its lease given back, with
 * the attempt that delivered it on its own row (migration 0029); the attempt of an event whose lease was
 * lost meanwhile (another process has it now) goes to the attempts table instead, so that every attempt
 * made stays on record. One statement, its text the same for any batch (the attempts come as one array a
 * column), prepared once per connection: built by Kysely as a VALUES list, each batch size was a statement
 * of its own of up to 2,000 parameters, and it cost PostgreSQL 45 us an event where the arrays cost 36
 * (bench/RESULTS.md, 2026-12-03 14:25-15:30). A delivered attempt has no error (send-webhook.ts,
 * send-email.ts). SQLITE_RECORD_DELIVERIES does the same on SQLite.
 */
const RECORD_DELIVERIES = prepared(`with given as (
    select * from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[])
      as g(seq, id, event_id, attempted_at, target, status_code, latency_ms)),
  marked as (
    update events e set lease_owner = null, lease_until = null, state = 'delivered', attempts = e.attempts + 1,
      next_attempt_at = null, finished_at = $8, last_error = null, delivered_attempt_at = g.attempted_at,
      delivered_target = g.target, delivered_status_code = g.status_code, delivered_latency_ms = g.latency_ms
    from given g where e.seq = g.seq and e.lease_owner = $9
    returning e.seq)
  insert into event_attempts (id, event_id, attempted_at, target, status_code, latency_ms, error, outcome)
  select g.id, g.event_id, g.attempted_at, g.target, g.status_code, g.latency_ms, null, 'delivered'
  from given g where g.id is not null and g.seq not in (select seq from marked)`);

/**
 * SQLite's marking of RECORD_DELIVERIES, the attempts given as one JSON array of [seq, attempted_at,
 * target, status_code, latency_ms]: one statement for the batch. It answers the seqs marked; the caller
 * records the attempts of the others, in the same transaction.
 */
const SQLITE_RECORD_DELIVERIES = `update events set lease_owner = null, lease_until = null, state = 'delivered',
    attempts = attempts + 1, next_attempt_at = null, finished_at = ?, last_error = null,
    delivered_attempt_at = g.value ->> 1, delivered_target = g.value ->> 2, delivered_status_code = g.value ->> 3,
    delivered_latency_ms = g.value ->> 4
  from json_each(?) as g
  where events.seq = g.value ->> 0 and events.lease_owner = ?
  returning events.seq`;

/** Records `delivered` as RECORD_DELIVERIES says; on SQLite, inside a transaction the caller opened. */
async function recordDeliveries(
  db: Db,
  engine: Engine,
  owner: string,
  delivered: EventOutcome[],
): Promise<void> {
  const attempt = <K extends keyof EventAttemptTable>(key: K) =>
    delivered.map((o) => (o.attempt ? o.attempt[key] : null));
  if (engine === 'postgres') {
    await runBuilt(db, RECORD_DELIVERIES, [
      delivered.map((o) => o.seq),
      attempt('id'),
      attempt('event_id'),
      attempt('attempted_at'),
      attempt('target'),
      attempt('status_code'),
      attempt('latency_ms'),
      finishedAtOf(delivered),
      owner,
    ]);
    return;
  }
  const given = delivered.map((o) => [
    o.seq,
    o.attempt?.attempted_at ?? null,
    o.attempt?.target ?? null,
    o.attempt?.status_code ?? null,
    o.attempt?.latency_ms ?? null,
  ]);
  const marked = await runBuilt<{ seq: number }>(db, SQLITE_RECORD_DELIVERIES, [
    finishedAtOf(delivered),
    JSON.stringify(given),
    owner,
  ]);
  const markedSeqs = new Set(marked.map((row) => Number(row.seq)));
  const lost = delivered.flatMap((o) => (o.attempt && !markedSeqs.has(o.seq) ? [o.attempt] : []));
  if (lost.length > 0) await db.insertInto('event_attempts').values(lost).execute();
}

/**
 * Writes the outcomes of finished attempts atomically; a lease lost meanwhile is not overwritten, and the
 * attempt made under it is kept. On PostgreSQL a batch of deliveries alone (the common case) is one
 * statement with no transaction around it (RECORD_DELIVERIES): one round trip where four (begin, insert,
 * update, commit) held a pooled connection across as many turns of the event loop, and the API's requests
 * waited for a connection meanwhile (bench/RESULTS.md, 2026-12-03 12:35-13:30). SQLite's writes are local
 * calls, not round trips.
 */
export async function recordOutcomes(
  db: Db,
  engine: Engine,
  owner: string,
  outcomes: EventOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  const delivered: EventOutcome[] = [];
  const others: EventOutcome[] = [];
  // A second delivery of one event in the batch (its lease ran out before the first was recorded, and this
  // process sent it again) is kept as a row of its own: the event's row holds one.
  const repeats: EventAttemptTable[] = [];
  const marked = new Set<number>();
  for (const o of outcomes) {
    if (o.state !== 'delivered') others.push(o);
    else if (!marked.has(o.seq)) {
      marked.add(o.seq);
      delivered.push(o);
    } else if (o.attempt) repeats.push(o.attempt);
  }
  if (engine === 'postgres' && others.length === 0 && repeats.length === 0) {
    await recordDeliveries(db, engine, owner, delivered);
    return;
  }
  await db.transaction().execute(async (trx) => {
    if (delivered.length > 0) await recordDeliveries(trx, engine, owner, delivered);
    const attempts = [...repeats, ...others.flatMap((o) => (o.attempt ? [o.attempt] : []))];
    if (attempts.length > 0) await trx.insertInto('event_attempts').values(attempts).execute();
    for (const o of others) {
      await trx
        .updateTable('events')
        .set({
          lease_owner: null,
          lease_until: null,
          state: o.state,
          attempts: o.attempts,
          next_attempt_at: o.nextAttemptAt,
          finished_at: o.finishedAt,
          last_error: o.lastError,
        })
        .where('seq', '=', o.seq)
        .where('lease_owner', '=', owner)
        .execute();
    }
  });
}

/** Gives back every lease `owner` still holds (graceful shutdown): another process can take them now. */
export async function releaseLeases(db: Db, owner: string): Promise<void> {
  await db
    .updateTable('events')
    .set({ lease_owner: null, lease_until: null })
    .where('lease_owner', '=', owner)
    .where('state', '=', sql.lit('pending'))
    .execute();
}

export interface WebhookTarget {
  url: string | null;
  /** Sealed: opened only to sign. */
  secrets: StoredWebhookSecrets;
  retryFlag: boolean;
  /** Why there is nowhere to send, if so. */
  unavailable: string | null;
}

const NO_SECRETS: StoredWebhookSecrets = {
  webhook_secret: null,
  webhook_secret_previous: null,
  webhook_secret_previous_until: null,
};

const storedSecretsOf = (row: StoredWebhookSecrets): StoredWebhookSecrets => ({
  webhook_secret: row.webhook_secret,
  webhook_secret_previous: row.webhook_secret_previous,
  webhook_secret_previous_until: row.webhook_secret_previous_until,
});

/** Where each webhook event goes, resolved at send time (the URL or secret may have changed). */
export async function resolveTargets(db: Db, events: EventRow[]): Promise<Map<string, WebhookTarget>> {
  const targets = new Map<string, WebhookTarget>();
  const ids = (kind: string) => [
    ...new Set(events.filter((e) => e.destination_kind === kind).map((e) => e.destination_id ?? '')),
  ];
  const integrationIds = ids('integration');
  const partnerIds = ids('partner');
  // A deleted integration's events (a payment authorised before it went still settles) go to the
  // partner that runs its company, the company's remaining destination, rather than nowhere.
  const orphans = new Map<string, string>();
  if (integrationIds.length > 0) {
    const rows = await db
      .selectFrom('integrations')
      .select([
        'id',
        'webhook_url',
        'webhook_secret',
        'webhook_secret_previous',
        'webhook_secret_previous_until',
        'retry_webhooks',
        'deleted_at',
      ])
      .where('id', 'in', integrationIds)
      .execute();
    for (const row of rows) {
      const partnerId = events.find((e) => e.destination_id === row.id)?.partner_id;
      if (row.deleted_at && partnerId) {
        orphans.set(row.id, partnerId);
        if (!partnerIds.includes(partnerId)) partnerIds.push(partnerId);
        continue;
      }
      targets.set(`integration:${row.id}`, {
        url: row.webhook_url,
        secrets: storedSecretsOf(row),
        retryFlag: row.retry_webhooks === 1,
        unavailable: row.deleted_at ? 'the integration was deleted' : null,
      });
    }
  }
  if (partnerIds.length > 0) {
    const rows = await db
      .selectFrom('partners')
      .select([
        'id',
        'webhook_url',
        'webhook_secret',
        'webhook_secret_previous',
        'webhook_secret_previous_until',
      ])
      .where('id', 'in', partnerIds)
      .execute();
    for (const row of rows) {
      targets.set(`partner:${row.id}`, {
        url: row.webhook_url,
        secrets: storedSecretsOf(row),
        retryFlag: false,
        unavailable: row.webhook_url && row.webhook_secret ? null : 'the partner has no webhook URL',
      });
    }
  }
  for (const [integrationId, partnerId] of orphans) {
    const partner = targets.get(`partner:${partnerId}`);
    targets.set(`integration:${integrationId}`, {
      url: partner?.url ?? null,
      secrets: partner?.secrets ?? NO_SECRETS,
      retryFlag: true,
      unavailable: partner?.unavailable ? `the integration was deleted and ${partner.unavailable}` : null,
    });
  }
  return targets;
}

function toAttempt(row: Selectable<EventAttemptTable>): DeliveryAttempt {
  return {
    attemptedAt: row.attempted_at,
    target: row.target,
    statusCode: row.status_code,
    latencyMs: row.latency_ms,
    error: row.error,
    outcome: row.outcome as AttemptOutcome,
  };
}

function toDelivery(row: EventRow, attempts: DeliveryAttempt[]): Delivery {
  return {
    id: row.id,
    eventName: row.event_name,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    destination:
      row.destination_kind === 'integration'
        ? { kind: 'integration', integrationId: row.destination_id ?? '' }
        : { kind: 'partner', partnerId: row.destination_id ?? '' },
    status: row.state,
    attemptCount: attempts.length,
    nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
    lastError: row.last_error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    attempts,
  };
}

/** The attempt that delivered `row`, kept on the row itself (migration 0029), if it was. */
function deliveringAttempt(row: EventRow): DeliveryAttempt | null {
  if (row.delivered_attempt_at === null) return null;
  return {
    attemptedAt: row.delivered_attempt_at,
    target: row.delivered_target,
    statusCode: row.delivered_status_code,
    latencyMs: row.delivered_latency_ms ?? 0,
    error: null,
    outcome: 'delivered',
  };
}

/** Every attempt of each event of `rows`, oldest first: those of the attempts table and the delivering one. */
async function attemptsOf(db: Db, rows: EventRow[]): Promise<Map<string, DeliveryAttempt[]>> {
  const byEvent = new Map<string, DeliveryAttempt[]>(rows.map((row) => [row.id, []]));
  if (rows.length === 0) return byEvent;
  const attempts = await db
    .selectFrom('event_attempts')
    .selectAll()
    .where(
      'event_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('attempted_at')
    .orderBy('id')
    .execute();
  for (const attempt of attempts) byEvent.get(attempt.event_id)?.push(toAttempt(attempt));
  for (const row of rows) {
    const delivering = deliveringAttempt(row);
    const list = byEvent.get(row.id);
    if (!delivering || !list) continue;
    // Read apart from its row, the table may hold it already: moved there by a redelivery in between.
    if (list.some((a) => a.outcome === 'delivered' && a.attemptedAt === delivering.attemptedAt)) continue;
    // Last but for an attempt made under a lease lost meanwhile, which may have ended after it.
    let at = list.length;
    while (at > 0 && (list[at - 1]?.attemptedAt ?? '') > delivering.attemptedAt) at--;
    list.splice(at, 0, delivering);
  }
  return byEvent;
}

/** Every attempt of event `id`, oldest first, whatever its destination (the delivery log's, unscoped). */
export async function attemptsOfEvent(db: Db, id: string): Promise<DeliveryAttempt[]> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return [];
  return (await attemptsOf(db, [row])).get(id) ?? [];
}

/**
 * Whose delivery log: a partner sees its own webhooks and its companies' integrations'; a merchant only
 * its integration's. Every read and the redelivery of the log go through scoped(), so none can miss it.
 */
export type DeliveryScope = { partnerId: string; integrationId?: string | undefined };

function scoped(db: Db, scope: DeliveryScope) {
  let query = db
    .selectFrom('events')
    .where('partner_id', '=', scope.partnerId)
    .where('channel', '=', 'webhook');
  if (scope.integrationId !== undefined) {
    query = query
      .where('destination_kind', '=', 'integration')
      .where('destination_id', '=', scope.integrationId);
  }
  return query;
}

/** The scope's webhook events, newest first, each with every attempt. */
export async function pageDeliveries(
  db: Db,
  scope: DeliveryScope,
  request: PageRequest,
  filter: DeliveryFilter = {},
): Promise<Page<Delivery>> {
  let base = scoped(db, scope);
  if (filter.status) base = base.where('state', '=', filter.status);
  if (filter.eventName) base = base.where('event_name', '=', filter.eventName);
  if (filter.resourceId) base = base.where('resource_id', '=', filter.resourceId);
  if (filter.createdFrom) base = base.where('created_at', '>=', filter.createdFrom);
  if (filter.createdBefore) base = base.where('created_at', '<', filter.createdBefore);
  const companyId = filter.companyId;
  if (companyId)
    base = base
      .where('destination_kind', '=', 'integration')
      .where('destination_id', 'in', (eb) =>
        eb
          .selectFrom('integrations')
          .select('integrations.id')
          .where('integrations.company_id', '=', companyId),
      );
  const page = await newestFirstPage(base, request, { tieBreak: 'seq' });
  const attempts = await attemptsOf(db, page.docs);
  return mapPage(page, (row) => toDelivery(row, attempts.get(row.id) ?? []));
}

export async function findDelivery(db: Db, scope: DeliveryScope, id: string): Promise<Delivery | undefined> {
  const row = await scoped(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return toDelivery(row, (await attemptsOf(db, [row])).get(row.id) ?? []);
}

/**
 * Puts a finished event back in the queue, with a fresh retry schedule. False if it is still pending. The
 * attempt that delivered it moves to the attempts table first: its row's columns are for the next round's.
 */
export async function requeueEvent(
  db: Db,
  engine: Engine,
  scope: DeliveryScope,
  id: string,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const finished = scoped(trx, scope).selectAll().where('id', '=', id).where('state', '!=', 'pending');
    // Locked, so that of two redeliveries at once the second waits and then finds the event pending.
    const row = await (engine === 'postgres' ? finished.forUpdate() : finished).executeTakeFirst();
    if (!row) return false;
    const delivering = deliveringAttempt(row);
    if (delivering) {
      await trx
        .insertInto('event_attempts')
        .values({
          id: newId(),
          event_id: row.id,
          attempted_at: delivering.attemptedAt,
          target: delivering.target,
          status_code: delivering.statusCode,
          latency_ms: delivering.latencyMs,
          error: null,
          outcome: 'delivered',
        })
        .execute();
    }
    await trx
      .updateTable('events')
      .set({
        state: 'pending',
        attempts: 0,
        next_attempt_at: now.toISOString(),
        finished_at: null,
        last_error: null,
        lease_owner: null,
        lease_until: null,
        delivered_attempt_at: null,
        delivered_target: null,
        delivered_status_code: null,
        delivered_latency_ms: null,
      })
      .where('seq', '=', row.seq)
      .execute();
    return true;
  });
}
