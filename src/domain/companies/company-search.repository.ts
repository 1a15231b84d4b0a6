// The portal's company list: a partner's companies whose name contains, or whose identifier is, what
// was searched for. Lower-cased on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's is not.
import { sql } from 'kysely';
import type { Db } from '../../store/database.js';
import { newestFirstPage, type Page, type PageRequest } from '../../store/paging.js';
import type { CompanyTable } from './company.row.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchCompanyRows(
  db: Db,
  partnerId: string,
  search: string,
  request: PageRequest,
): Promise<Page<CompanyTable>> {
  let base = db.selectFrom('companies').where('partner_id', '=', partnerId);
  const term = search.trim().toLowerCase();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(identifier)`, '=', term),
      ]),
    );
  }
  return newestFirstPage(base, request);
}
