// A partner's API keys beyond issuing and revoking (partner.service.ts): the list, and disabling a key
// for a while without losing it.
import type { Deps } from '../../context.js';
import { isoNow } from '../clock.js';
import { notFound } from '../errors.js';
import { isId } from '../ids.js';
import * as repo from './api-key.repository.js';

export type ApiKeyStatus = 'active' | 'disabled' | 'revoked';

export interface ApiKey {
  id: string;
  name: string | null;
  description: string | null;
  createdAt: string;
  createdBy: string | null;
  lastUsedAt: string | null;
  status: ApiKeyStatus;
}

export async function listApiKeys(deps: Deps, partnerId: string): Promise<ApiKey[]> {
  const rows = await repo.listApiKeyRows(deps.db, partnerId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    createdAt: row.created_at,
    createdBy: row.created_by,
    lastUsedAt: row.last_used_at,
    status: row.revoked_at ? 'revoked' : row.disabled_at ? 'disabled' : 'active',
  }));
}

/** A disabled key answers 401 like a revoked one, until enabled again. */
export async function setApiKeyEnabled(
  deps: Deps,
  partnerId: string,
  keyId: string,
  enabled: boolean,
): Promise<void> {
  const at = enabled ? null : isoNow(deps.clock);
  const changed = isId(keyId) && (await repo.setApiKeyDisabled(deps.db, partnerId, keyId, at));
  if (!changed) throw notFound('API key');
}
