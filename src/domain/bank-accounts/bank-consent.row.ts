// An account-access consent the service asked a bank for: to connect accounts, or to renew one's consent.
export interface BankConsentTable {
  id: string;
  company_id: string;
  /** 'connect' (new accounts) or 'reconsent' (renew bank_account_id's consent). */
  purpose: string;
  bank_account_id: string | null;
  /** Null until the customer picks a bank on the hosted page. */
  provider: string | null;
  /** The unguessable value carried through the bank's redirect (OAuth2 `state`). */
  state: string;
  /** The bank's ConsentId, once the consent exists at the bank. */
  provider_consent_id: string | null;
  /** awaiting_provider, requesting, awaiting_authorisation, completing, authorised, rejected, failed. */
  status: string;
  /** The bank's page where the customer authorises it (answered again if the customer comes back). */
  authorization_url: string | null;
  /** When the bank's consent runs out (CONSENT_DAYS after it was asked for). */
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}
