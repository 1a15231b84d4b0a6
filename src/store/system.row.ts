import type { Sealed } from '../domain/secret-box.js';

export interface IdempotencyKeyTable {
  credential: string;
  key: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_type: string | null;
  /** Sealed: a first response may carry a credential shown once (a new secret key, webhook secret ...). */
  response_body: Sealed | null;
  created_at: string;
  expires_at: string;
}

export interface SettingTable {
  name: string;
  value: string;
}
