// Partners, their API keys and their terminals: issued by the operator, used by groups B, C and D.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { isoNow } from '../clock.js';
import { notFound } from '../errors.js';
import { isId, newId, newSecret } from '../ids.js';
import { hashSecret, newWebhookSecret, secretMatches } from '../secrets.js';
import { touchApiKey } from './api-key.repository.js';
import type { Partner, Terminal } from './partner.js';
import * as repo from './partner.repository.js';

export interface CreatedPartner {
  partner: Partner;
  apisecret: string;
  keyId: string;
  webhookSecret: string | null;
}

export async function createPartner(
  deps: Deps,
  input: { name: string; webhookUrl?: string | undefined },
): Promise<CreatedPartner> {
  const now = isoNow(deps.clock);
  const id = newId();
  const apisecret = newSecret();
  const keyId = newId();
  const webhookSecret = input.webhookUrl ? newWebhookSecret() : null;
  const row = {
    id,
    name: input.name,
    webhook_url: input.webhookUrl ?? null,
    webhook_secret: webhookSecret ? deps.secrets.seal(webhookSecret) : null,
    webhook_secret_previous: null,
    webhook_secret_previous_until: null,
    email_from: null,
    email_reply_to: null,
    created_at: now,
  };
  await withTransaction(deps, async ({ db: trx }) => {
    await repo.insertPartner(trx, row);
    await repo.insertApiKey(trx, {
      id: keyId,
      partner_id: id,
      secret_hash: hashSecret(apisecret),
      created_at: now,
    });
  });
  return { partner: repo.toPartner(row), apisecret, keyId, webhookSecret };
}

export async function getPartner(deps: Deps, id: string): Promise<Partner> {
  const row = isId(id) ? await repo.findPartnerRow(deps.db, id) : undefined;
  if (!row) throw notFound('partner');
  return repo.toPartner(row);
}

export async function listPartners(deps: Deps): Promise<Partner[]> {
  return (await repo.listPartnerRows(deps.db)).map(repo.toPartner);
}

/** A new key beside the partner's others, which keep working (rotation). */
export async function createApiKey(
  deps: Deps,
  partnerId: string,
  details: { name?: string; description?: string | null; createdBy?: string } = {},
): Promise<{ keyId: string; apisecret: string }> {
  await getPartner(deps, partnerId);
  const apisecret = newSecret();
  const keyId = newId();
  await repo.insertApiKey(deps.db, {
    id: keyId,
    partner_id: partnerId,
    secret_hash: hashSecret(apisecret),
    created_at: isoNow(deps.clock),
    name: details.name ?? null,
    description: details.description || null,
    created_by: details.createdBy ?? null,
  });
  return { keyId, apisecret };
}

export async function revokeApiKey(deps: Deps, partnerId: string, keyId: string): Promise<void> {
  const revoked = isId(keyId) && (await repo.revokeApiKey(deps.db, partnerId, keyId, isoNow(deps.clock)));
  if (!revoked) throw notFound('API key');
}

export async function createTerminal(
  deps: Deps,
  partnerId: string,
  input: { name: string },
): Promise<{ terminal: Terminal; terminalSecret: string }> {
  await getPartner(deps, partnerId);
  const terminalSecret = newSecret();
  const row = {
    id: newId(),
    partner_id: partnerId,
    name: input.name,
    secret_hash: hashSecret(terminalSecret),
    created_at: isoNow(deps.clock),
    revoked_at: null,
  };
  await repo.insertTerminal(deps.db, row);
  return { terminal: repo.toTerminal(row), terminalSecret };
}

/**
 * A new secret for a terminal, answered once; the old one stops working with the same write (a
 * rotation usually answers a leak: a partner that needs both for a while creates a second terminal).
 */
export async function rotateTerminalSecret(
  deps: Deps,
  partnerId: string,
  terminalId: string,
): Promise<{ terminalId: string; terminalSecret: string }> {
  const terminalSecret = newSecret();
  const rotated =
    isId(partnerId) &&
    isId(terminalId) &&
    (await repo.updateLiveTerminal(deps.db, partnerId, terminalId, {
      secret_hash: hashSecret(terminalSecret),
    }));
  if (!rotated) throw notFound('terminal');
  return { terminalId, terminalSecret };
}

/** Revokes a terminal: its credential answers 401 from this write on. */
export async function revokeTerminal(deps: Deps, partnerId: string, terminalId: string): Promise<void> {
  const revoked =
    isId(partnerId) &&
    isId(terminalId) &&
    (await repo.updateLiveTerminal(deps.db, partnerId, terminalId, { revoked_at: isoNow(deps.clock) }));
  if (!revoked) throw notFound('terminal');
}

/** The partner an `apisecret` belongs to, or undefined. Looked up by hash: no secret is ever stored. */
export async function authenticatePartner(
  deps: Deps,
  apisecret: string,
): Promise<{ partnerId: string; keyId: string } | undefined> {
  const key = await repo.findActiveApiKeyByHash(deps.db, hashSecret(apisecret));
  if (!key) return undefined;
  // "Last used" for the portal's key list, written at most once a minute per key: not a write per call.
  const now = deps.clock.now();
  if (!key.last_used_at || now.getTime() - Date.parse(key.last_used_at) > 60_000)
    await touchApiKey(deps.db, key.id, now.toISOString());
  return { partnerId: key.partner_id, keyId: key.id };
}

export async function authenticateTerminal(
  deps: Deps,
  terminalId: string,
  secret: string,
): Promise<Terminal | undefined> {
  const found = isId(terminalId) ? await repo.findTerminalRow(deps.db, terminalId) : undefined;
  // A revoked terminal costs the same comparison as an unknown one.
  const row = found?.revoked_at === null ? found : undefined;
  return secretMatches(secret, row?.secret_hash) && row ? repo.toTerminal(row) : undefined;
}
