// A company's branding (migration 0025): its accent colour and the key of its logo in `files`.
export interface CompanyBrandingTable {
  company_id: string;
  accent_colour: string | null;
  logo_key: string | null;
  updated_at: string;
}
