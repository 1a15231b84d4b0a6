// Rows of the portal's tables (migration 0019).
import type { Sealed } from '../secret-box.js';

export interface PortalUserTable {
  id: string;
  partner_id: string;
  email: string;
  role: string;
  /** scrypt, see password.ts; null until the invitation is accepted. */
  password_hash: string | null;
  /** TOTP secret (base32), sealed, once two-factor sign-in is on. */
  totp_secret: Sealed | null;
  /** A secret shown as a QR code and not yet confirmed with a code. */
  totp_pending_secret: Sealed | null;
  /** The last TOTP time step a code was accepted for (migration 0023): no code is good twice. */
  totp_last_step: number | string | null;
  /** The inviting user's e-mail, or `operator`. */
  invited_by: string;
  created_at: string;
  updated_at: string;
}

export interface PortalLinkTable {
  /** SHA-256 of the token in the e-mailed link. */
  token_hash: string;
  user_id: string;
  purpose: string;
  expires_at: string;
  created_at: string;
}

export interface PortalSessionTable {
  /** SHA-256 of the cookie's value: a stolen table cannot be replayed as cookies. */
  id_hash: string;
  user_id: string;
  /** `password`: the password was right and a TOTP code is awaited; `signed_in`. */
  stage: string;
  created_at: string;
  last_seen_at: string;
}

export interface PortalRecoveryCodeTable {
  user_id: string;
  code_hash: string;
}

export interface PortalSignInFailureTable {
  /** `address:<ip>` or `account:<email>`. */
  subject: string;
  at: string;
}

export interface PortalAuditTable {
  id: string;
  partner_id: string;
  actor: string;
  action: string;
  target: string | null;
  ip: string | null;
  created_at: string;
}
