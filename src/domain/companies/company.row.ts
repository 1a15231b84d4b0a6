export interface CompanyTable {
  id: string;
  partner_id: string;
  name: string;
  industry: string | null;
  country_code: string;
  type: string;
  identifier: string;
  status: string;
  public_email: string;
  public_website: string | null;
  privacy_policy: string | null;
  support_phone: string;
  tax_number: string | null;
  contact_name: string;
  trading_name: string | null;
  /** JSON of the Address object */
  address: string;
  /** JSON of the Address object */
  trading_address: string | null;
  created_at: string;
  updated_at: string;
}
