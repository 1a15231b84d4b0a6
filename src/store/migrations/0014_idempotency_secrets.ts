import type { Kysely } from 'kysely';

// Answers stored for Idempotency-Key replays used to keep the credentials they issued, in clear. Mask
// them in the rows still kept (24 hours' worth), as new answers are (API.md 1.2). The field names are
// those of every credential-issuing answer at the time of this migration.
const SECRET_FIELDS = new Set(['apisecret', 'terminalSecret', 'secretKey', 'webhookSecret']);
const MASK = '********';

function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([field, inner]) => [
      field,
      SECRET_FIELDS.has(field) && typeof inner === 'string' ? MASK : masked(inner),
    ]),
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const rows = await db
    .selectFrom('idempotency_keys')
    .select(['credential', 'key', 'response_body'])
    .where((eb) => eb.or([...SECRET_FIELDS].map((field) => eb('response_body', 'like', `%"${field}"%`))))
    .execute();
  for (const row of rows as Array<{ credential: string; key: string; response_body: string }>) {
    let body: string;
    try {
      body = JSON.stringify(masked(JSON.parse(row.response_body)));
    } catch {
      // Not JSON: nothing can say where a secret sits in it, so it is not kept at all.
      await db
        .deleteFrom('idempotency_keys')
        .where('credential', '=', row.credential)
        .where('key', '=', row.key)
        .execute();
      continue;
    }
    await db
      .updateTable('idempotency_keys')
      .set({ response_body: body })
      .where('credential', '=', row.credential)
      .where('key', '=', row.key)
      .execute();
  }
}

// Nothing to undo: the secrets are gone.
export async function down(): Promise<void> {}
