// The tokens a bank gave for one consent (authorization-code grant), kept by the Open Banking adapter so
// that callers name only the consent. Never shown through the API.
export interface OpenBankingGrantTable {
  provider_id: string;
  consent_id: string;
  access_token: string;
  refresh_token: string | null;
  access_expires_at: string;
  created_at: string;
  updated_at: string;
}
