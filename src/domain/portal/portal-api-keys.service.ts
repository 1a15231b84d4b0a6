// The API keys page's actions: the partner's own key functions (the operator's API calls the same),
// each recorded in the audit log in the same transaction.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { invalid } from '../errors.js';
import { setApiKeyEnabled } from '../partners/api-key.service.js';
import { createApiKey, revokeApiKey } from '../partners/partner.service.js';
import { recordAudit } from './audit.js';
import type { PortalUser } from './portal-user.js';

export async function generateApiKey(
  deps: Deps,
  user: PortalUser,
  input: { name: string; description?: string | undefined },
  ip: string,
): Promise<{ keyId: string; apisecret: string }> {
  const name = input.name.trim();
  if (name.length === 0) throw invalid('/name', 'must not be empty');
  return withTransaction(deps, async (tx) => {
    const key = await createApiKey(tx, user.partnerId, {
      name,
      description: input.description?.trim() || null,
      createdBy: user.email,
    });
    await recordAudit(tx.db, deps.clock.now(), {
      partnerId: user.partnerId,
      actor: user.email,
      action: 'api_key_created',
      target: `${name} (${key.keyId})`,
      ip,
    });
    return key;
  });
}

export type KeyAction = 'disable' | 'enable' | 'revoke';

export async function changeApiKey(
  deps: Deps,
  user: PortalUser,
  keyId: string,
  action: KeyAction,
  ip: string,
): Promise<void> {
  await withTransaction(deps, async (tx) => {
    if (action === 'revoke') await revokeApiKey(tx, user.partnerId, keyId);
    else await setApiKeyEnabled(tx, user.partnerId, keyId, action === 'enable');
    await recordAudit(tx.db, deps.clock.now(), {
      partnerId: user.partnerId,
      actor: user.email,
      action: `api_key_${action === 'revoke' ? 'revoked' : action === 'enable' ? 'enabled' : 'disabled'}`,
      target: keyId,
      ip,
    });
  });
}
