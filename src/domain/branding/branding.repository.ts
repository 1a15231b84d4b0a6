import type { Db } from '../../store/database.js';
import type { CompanyBrandingTable } from './branding.row.js';

export async function findBranding(db: Db, companyId: string): Promise<CompanyBrandingTable | undefined> {
  return db.selectFrom('company_branding').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

/** Writes the company's branding row, made on first use. */
export async function saveBranding(db: Db, row: CompanyBrandingTable): Promise<void> {
  await db
    .insertInto('company_branding')
    .values(row)
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({
        accent_colour: row.accent_colour,
        logo_key: row.logo_key,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
