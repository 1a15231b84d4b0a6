export interface TransactionTable {
  id: string;
  company_id: string;
  integration_id: string;
  parent_type: string;
  parent_id: string;
  direction: string;
  status: string;
  amount: number;
  reference: string;
  external_ref: string | null;
  is_sandbox: number;
  data_api_check_status: string;
  last_data_api_check_at: string | null;
  created_at: string;
  completed_at: string | null;
}
