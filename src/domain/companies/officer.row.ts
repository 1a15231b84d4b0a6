export interface OfficerTable {
  id: string;
  company_id: string;
  name: string;
  email: string;
  role: string;
  /** The order the officers were named in. */
  position: number;
  status: string;
  /** SHA-256 of the verification link's token (the token itself is never stored). */
  token_hash: string | null;
  created_at: string;
  updated_at: string;
}
