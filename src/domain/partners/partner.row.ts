export interface AdminTokenTable {
  id: string;
  token_hash: string;
  created_at: string;
}

export interface PartnerTable {
  id: string;
  name: string;
  webhook_url: string | null;
  webhook_secret: string | null;
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
}

export interface TerminalTable {
  id: string;
  partner_id: string;
  name: string;
  secret_hash: string;
  created_at: string;
}
