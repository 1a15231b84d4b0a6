// PostgreSQL schemas for test apps, migrated once and emptied between tests.
//
// A new schema per test cost about 0.45 s of the database server's CPU: its migrations write some
// 900 catalog rows, and dropping it writes them again. That was half the machine's CPU in a
// PostgreSQL run. So a schema that a test's app has used is emptied once the app is closed (a DELETE
// of every table, about 2 ms, its sequences restarted, and a TRUNCATE every tenth time so that dead rows
// do not pile up where autovacuum is off) and handed to the next test of this process, whose app finds
// its migrations done. A test that changed the schema itself (its tables' columns, indexes,
// constraints, triggers, functions or types: a hash of their definitions differs from the one taken
// when it was migrated), or analysed its tables (statistics change the next test's plans), gets its
// schema dropped instead. Tests that need a schema of their own from nothing use testDatabaseUrl.
import { randomBytes } from 'node:crypto';
import { after } from 'node:test';
import pg from 'pg';

interface Pooled {
  schema: string;
  /** A hash of the migrated schema's definitions; taken by the first test that used it. */
  fingerprint: string | undefined;
  /** Tests that have used it. */
  uses: number;
}

/** One emptying in this many is a TRUNCATE: tables and indexes as new, no dead rows. */
const TRUNCATE_EVERY = 10;

const idle: Array<Promise<Pooled | undefined>> = [];
const all = new Set<string>();

/** A schema for one test app: one left by an earlier test, emptied, or a new one. */
export async function acquireSchema(base: string): Promise<Pooled> {
  // The one freed last: a test's subtests, one after another, get the same schema.
  while (idle.length > 0) {
    const ready = await idle.pop();
    if (ready) return ready;
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await onDatabase(base, (client) => client.query(`create schema ${schema}`));
  all.add(schema);
  return { schema, fingerprint: undefined, uses: 0 };
}

/** Called once the app is migrated, before the test can change anything. */
export async function noteMigrated(base: string, pooled: Pooled): Promise<void> {
  pooled.fingerprint ??= await onDatabase(base, (client) => fingerprintOf(client, pooled.schema));
}

/** Called once nothing uses the schema any more (its app is closed); the next test waits for it. */
export function releaseSchema(base: string, pooled: Pooled): Promise<void> {
  const emptied = onDatabase(base, async (client) => {
    if (
      pooled.fingerprint !== undefined &&
      (await fingerprintOf(client, pooled.schema)) === pooled.fingerprint
    ) {
      pooled.uses += 1;
      await empty(client, pooled.schema, pooled.uses % TRUNCATE_EVERY === 0);
      return pooled;
    }
    await client.query(`drop schema ${pooled.schema} cascade`);
    all.delete(pooled.schema);
    return undefined;
  });
  // A schema that could not be emptied is not handed on; the test that used it fails in its after-hook.
  idle.push(emptied.catch(() => undefined));
  return emptied.then(() => undefined);
}

// The process's last schemas go with it. Only in a test process: benchmarks import the test helpers
// too, and there node:test's after() would start a test harness of its own.
if (process.env.NODE_TEST_CONTEXT) {
  after(async () => {
    const base = process.env.DATABASE_URL;
    await Promise.allSettled(idle);
    if (!base?.startsWith('postgres') || all.size === 0) return;
    await onDatabase(base, (client) => client.query(`drop schema if exists ${[...all].join(', ')} cascade`));
  });
}

async function empty(client: pg.Client, schema: string, truncate: boolean): Promise<void> {
  const { rows } = await client.query<{ name: string; kind: string }>(
    `select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'S') and c.relname not like 'kysely_migration%'`,
    [schema],
  );
  const tables = rows.filter((r) => r.kind === 'r').map((r) => `${schema}.${r.name}`);
  const sequences = rows
    .filter((r) => r.kind === 'S')
    .map((r) => `alter sequence ${schema}.${r.name} restart`);
  const truncateAll = `truncate ${tables.join(', ')} restart identity`;
  if (truncate) {
    await client.query(truncateAll);
    return;
  }
  try {
    // Foreign keys unchecked for the DELETEs (every table is emptied): 2 ms, where TRUNCATE takes 110.
    await client.query(
      `begin; set local session_replication_role = replica; ${tables.map((t) => `delete from ${t}`).join('; ')}; ${sequences.join('; ')}; commit`,
    );
  } catch {
    // Not a superuser: TRUNCATE needs no such right.
    await client.query('rollback');
    await client.query(truncateAll);
  }
}

/**
 * A hash of the definitions in the schema and of whether its tables have statistics (a test's ANALYZE
 * changes the next one's plans): what a test could change in it, not the rows.
 */
async function fingerprintOf(client: pg.Client, schema: string): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(
    `select md5(concat_ws('|',
       (select string_agg(concat_ws(':', c.relname, c.relkind), ',' order by c.relname)
          from pg_class c where c.relnamespace = n.oid),
       (select string_agg(concat_ws(':', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
            a.attnotnull, a.attisdropped, pg_get_expr(d.adbin, d.adrelid)), ',' order by c.relname, a.attnum)
          from pg_attribute a join pg_class c on c.oid = a.attrelid
          left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
          where c.relnamespace = n.oid and a.attnum > 0),
       (select string_agg(pg_get_indexdef(i.indexrelid), ',' order by i.indexrelid::regclass::text)
          from pg_index i join pg_class c on c.oid = i.indexrelid where c.relnamespace = n.oid),
       (select string_agg(k.conname || ':' || pg_get_constraintdef(k.oid), ',' order by k.conrelid, k.conname)
          from pg_constraint k where k.connamespace = n.oid),
       (select string_agg(concat_ws(':', pg_get_triggerdef(g.oid), g.tgenabled), ',' order by g.tgrelid, g.tgname)
          from pg_trigger g join pg_class c on c.oid = g.tgrelid where c.relnamespace = n.oid),
       (select string_agg(p.proname || ':' || md5(pg_get_functiondef(p.oid)), ',' order by p.oid)
          from pg_proc p where p.pronamespace = n.oid),
       (select string_agg(t.typname || ':' || coalesce((select string_agg(e.enumlabel, ',' order by e.enumsortorder)
            from pg_enum e where e.enumtypid = t.oid), ''), ',' order by t.typname)
          from pg_type t where t.typnamespace = n.oid),
       (select string_agg(concat_ws(':', c.relname, s.seqincrement, s.seqstart, s.seqmin, s.seqmax, s.seqcycle), ','
            order by c.relname)
          from pg_sequence s join pg_class c on c.oid = s.seqrelid where c.relnamespace = n.oid),
       (select count(*) from pg_stats s where s.schemaname = n.nspname),
       (select count(*) from pg_class c where c.relnamespace = n.oid and c.relkind = 'r' and c.reltuples >= 0)))
       as fingerprint
     from pg_namespace n where n.nspname = $1`,
    [schema],
  );
  return rows[0]?.fingerprint ?? 'none';
}

/** One short-lived connection to the run's database. */
export async function onDatabase<T>(base: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
