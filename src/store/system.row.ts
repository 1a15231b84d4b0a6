export interface IdempotencyKeyTable {
  credential: string;
  key: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
  created_at: string;
  expires_at: string;
}

export interface SettingTable {
  name: string;
  value: string;
}
