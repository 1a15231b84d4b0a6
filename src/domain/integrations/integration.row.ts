export interface IntegrationTable {
  id: string;
  company_id: string;
  name: string;
  webhook_url: string;
  webhook_secret: string;
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
