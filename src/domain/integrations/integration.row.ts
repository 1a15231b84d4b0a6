import type { Sealed } from '../secret-box.js';

export interface IntegrationTable {
  id: string;
  company_id: string;
  name: string;
  webhook_url: string;
  /** Sealed (domain/secret-box.ts): never clear text. */
  webhook_secret: Sealed;
  /** The secret before the last change, still signing until `webhook_secret_previous_until`. */
  webhook_secret_previous: Sealed | null;
  webhook_secret_previous_until: string | null;
  redirect_url: string | null;
  service_page_redirect: number;
  retry_webhooks: number;
  is_sandbox: number;
  bank_account_id: string | null;
  secret_hash: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
