// The people of a partner who use the portal, and what each role may do (issue 16): a viewer reads;
// a developer also manages keys and webhooks; an admin also people and settings; an owner everything.
export const ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export type Permission =
  | 'read'
  | 'manage_keys'
  | 'manage_webhooks'
  | 'manage_people'
  | 'manage_settings'
  | 'operate';

const RANK: Record<Role, number> = { viewer: 0, developer: 1, admin: 2, owner: 3 };

/** The least role that holds each permission. */
const NEEDS: Record<Permission, Role> = {
  read: 'viewer',
  manage_keys: 'developer',
  manage_webhooks: 'developer',
  manage_people: 'admin',
  manage_settings: 'admin',
  // Companies, payments, refunds: the partner's business itself.
  operate: 'admin',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role, permission: Permission): boolean {
  return RANK[role] >= RANK[NEEDS[permission]];
}

/** Whether `actor` may invite, or remove, someone of role `target`: never above one's own role. */
export function canManageRole(actor: Role, target: Role): boolean {
  return can(actor, 'manage_people') && RANK[actor] >= RANK[target];
}

export interface PortalUser {
  id: string;
  partnerId: string;
  email: string;
  role: Role;
  /** False until the invitation is accepted (a password set). */
  active: boolean;
  twoFactor: boolean;
  invitedBy: string;
  createdAt: string;
}
