import type { Db } from '../../store/database.js';
import type { StoredFileTable } from './stored-file.row.js';

export async function insertStoredFile(db: Db, row: StoredFileTable): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

export async function findStoredFile(
  db: Db,
  companyId: string,
  key: string,
): Promise<StoredFileTable | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('key', '=', key)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

export async function findStoredFiles(db: Db, keys: string[]): Promise<StoredFileTable[]> {
  if (keys.length === 0) return [];
  return db.selectFrom('files').selectAll().where('key', 'in', keys).execute();
}
