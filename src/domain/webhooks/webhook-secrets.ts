// Webhook signing secrets at rest and in rotation. They are stored sealed (the service must sign with
// them again, so a hash would not do); a changed secret keeps signing beside the new one for a day, so
// that a receiver can switch without losing an event (Standard Webhooks allows several signatures).
import type { Deps } from '../../context.js';
import type { Db } from '../../store/database.js';
import { SEALED_PREFIX, type Sealed, type SecretBox } from '../secret-box.js';
import { newWebhookSecret } from '../secrets.js';

export const PREVIOUS_SECRET_HOURS = 24;

export interface StoredWebhookSecrets {
  webhook_secret: Sealed | null;
  webhook_secret_previous: Sealed | null;
  webhook_secret_previous_until: string | null;
}

/**
 * A new secret (answered once, in clear) and the columns that store it, keeping the current one as
 * the previous until a day from now.
 */
export function changedWebhookSecret(
  deps: Pick<Deps, 'secrets' | 'clock'>,
  current: Sealed | null,
): { webhookSecret: string; columns: StoredWebhookSecrets & { webhook_secret: Sealed } } {
  const webhookSecret = newWebhookSecret();
  const until = new Date(deps.clock.now().getTime() + PREVIOUS_SECRET_HOURS * 3_600_000).toISOString();
  return {
    webhookSecret,
    columns: {
      webhook_secret: deps.secrets.seal(webhookSecret),
      webhook_secret_previous: current,
      webhook_secret_previous_until: current ? until : null,
    },
  };
}

/** The secrets a webhook is signed with now: the current one, then the previous while it lasts. */
export function signingSecrets(secrets: SecretBox, stored: StoredWebhookSecrets, now: Date): string[] {
  if (!stored.webhook_secret) return [];
  const all = [secrets.open(stored.webhook_secret)];
  const until = stored.webhook_secret_previous_until;
  if (stored.webhook_secret_previous && until && Date.parse(until) > now.getTime()) {
    all.push(secrets.open(stored.webhook_secret_previous));
  }
  return all;
}

const TABLES = ['integrations', 'partners'] as const;
const COLUMNS = ['webhook_secret', 'webhook_secret_previous'] as const;

/**
 * Seals every webhook secret that is not sealed under the current key: the clear ones stored before
 * encryption existed, and those of the previous key after a rotation (README, Configuration). Run at
 * every start; each row is rewritten only if it still holds what was read.
 */
export async function sealStoredWebhookSecrets(db: Db, secrets: SecretBox): Promise<number> {
  let sealed = 0;
  for (const table of TABLES) {
    for (const column of COLUMNS) {
      const rows = await db
        .selectFrom(table)
        .select(['id', `${column} as value`])
        .where(column, 'is not', null)
        .where(column, 'not like', `${SEALED_PREFIX}${secrets.currentKeyId}:%` as Sealed)
        .execute();
      for (const row of rows) {
        if (row.value === null || !secrets.needsSealing(row.value)) continue;
        const result = await db
          .updateTable(table)
          .set({ [column]: secrets.seal(secrets.open(row.value)) })
          .where('id', '=', row.id)
          .where(column, '=', row.value as Sealed)
          .executeTakeFirst();
        sealed += Number(result.numUpdatedRows);
      }
    }
  }
  return sealed;
}
