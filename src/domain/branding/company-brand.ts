// The loader of what the customer's pages and e-mails show of a merchant: names, support contact and
// branding, in one query.
import type { Deps } from '../../context.js';
import { textOn } from './accent-colour.js';
import type { CompanyBrand } from './branding.js';
import { logoUrl } from './branding.service.js';

export async function companyBrand(deps: Deps, companyId: string): Promise<CompanyBrand | undefined> {
  const row = await deps.db
    .selectFrom('companies')
    .leftJoin('company_branding', 'company_branding.company_id', 'companies.id')
    .select([
      'companies.name',
      'companies.trading_name',
      'companies.support_phone',
      'companies.public_email',
      'company_branding.accent_colour',
      'company_branding.logo_key',
    ])
    .where('companies.id', '=', companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    legalName: row.name,
    tradingName: row.trading_name && row.trading_name !== row.name ? row.trading_name : null,
    accentColour: row.accent_colour ?? null,
    accentTextColour: row.accent_colour ? textOn(row.accent_colour) : null,
    logoUrl: row.logo_key ? logoUrl(deps.config.publicUrl, row.logo_key) : null,
    supportPhone: row.support_phone,
    publicEmail: row.public_email,
  };
}
