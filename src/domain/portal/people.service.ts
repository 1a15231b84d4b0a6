// The people of a partner's portal: listed to everyone there, removed by owners and admins.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { DomainError, notFound } from '../errors.js';
import { isId } from '../ids.js';
import { recordAudit } from './audit.js';
import { canManageRole, type PortalUser } from './portal-user.js';
import * as repo from './portal-user.repository.js';

export async function listPeople(deps: Deps, partnerId: string): Promise<PortalUser[]> {
  return (await repo.listUsersOfPartner(deps.db, partnerId)).map(repo.toPortalUser);
}

export async function removePerson(deps: Deps, actor: PortalUser, userId: string, ip: string): Promise<void> {
  const row = isId(userId) ? await repo.findUserById(deps.db, userId) : undefined;
  // Another partner's user is not there at all.
  if (!row || row.partner_id !== actor.partnerId) throw notFound('user');
  const target = repo.toPortalUser(row);
  if (!canManageRole(actor.role, target.role))
    throw new DomainError('forbidden', `a ${actor.role} cannot remove a ${target.role}`);
  await withTransaction(deps, async (tx) => {
    if (target.role === 'owner') {
      const owners = (await repo.listUsersOfPartner(tx.db, actor.partnerId)).filter(
        (u) => u.role === 'owner' && u.password_hash !== null,
      );
      if (owners.length <= 1 && target.active)
        throw new DomainError('invalid_state', 'the last owner cannot be removed');
    }
    await repo.deleteUser(tx.db, target.id);
    await recordAudit(tx.db, deps.clock.now(), {
      partnerId: actor.partnerId,
      actor: actor.email,
      action: 'user_removed',
      target: target.email,
      ip,
    });
  });
}
