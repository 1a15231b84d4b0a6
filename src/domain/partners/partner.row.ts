import type { Sealed } from '../secret-box.js';

export interface AdminTokenTable {
  id: string;
  token_hash: string;
  created_at: string;
}

export interface PartnerTable {
  id: string;
  name: string;
  webhook_url: string | null;
  /** Sealed (domain/secret-box.ts): never clear text. */
  webhook_secret: Sealed | null;
  /** The secret before the last change, still signing until `webhook_secret_previous_until`. */
  webhook_secret_previous: Sealed | null;
  webhook_secret_previous_until: string | null;
  email_from: string | null;
  email_reply_to: string | null;
  created_at: string;
}

export interface PartnerApiKeyTable {
  id: string;
  partner_id: string;
  secret_hash: string;
  created_at: string;
  revoked_at: string | null;
  /** What the portal shows (migration 0019); null for keys made before it or by the operator. */
  name: string | null;
  description: string | null;
  created_by: string | null;
  last_used_at: string | null;
  disabled_at: string | null;
}

export interface TerminalTable {
  id: string;
  partner_id: string;
  name: string;
  secret_hash: string;
  created_at: string;
  revoked_at: string | null;
}
