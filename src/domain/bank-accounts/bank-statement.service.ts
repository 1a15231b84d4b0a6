// Bank accounts added with a statement file (group D): the file is checked, kept through the FileStore
// port and recorded with the account; a refused file or a failed create leaves nothing behind.
import { createHash } from 'node:crypto';
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { isoNow } from '../clock.js';
import { notFound } from '../errors.js';
import { checkStatementFile, cleanFileName } from '../files/statement-file.js';
import { findStoredFile, findStoredFiles, insertStoredFile } from '../files/stored-file.repository.js';
import { newId } from '../ids.js';
import type { BankAccount, BankAccountCreate } from './bank-account.js';
import { checkBankAccountCreate, createBankAccount, getBankAccount } from './bank-account.service.js';

export interface Upload {
  filename: string;
  data: Buffer;
}

export interface StatementFile {
  name: string;
  contentType: string;
  size: number;
}

export async function createBankAccountWithStatement(
  deps: Deps,
  companyId: string,
  input: Omit<BankAccountCreate, 'statementFileKey'>,
  upload: Upload | undefined,
): Promise<BankAccount> {
  checkBankAccountCreate(deps, input);
  if (!upload) return createBankAccount(deps, companyId, input);
  const { extension, contentType } = checkStatementFile('/file', upload.filename, upload.data);
  const key = `${newId()}.${extension}`;
  // The bytes go to the store first (it may be remote) and outside the transaction; the rows follow.
  await deps.files.put(key, upload.data);
  try {
    return await withTransaction(deps, async (tx) => {
      await insertStoredFile(tx.db, {
        key,
        company_id: companyId,
        original_name: cleanFileName(upload.filename),
        content_type: contentType,
        size_bytes: upload.data.length,
        sha256: createHash('sha256').update(upload.data).digest('hex'),
        created_at: isoNow(tx.clock),
      });
      return createBankAccount(tx, companyId, { ...input, statementFileKey: key });
    });
  } catch (err) {
    await deps.files.delete(key).catch((cause: unknown) => {
      deps.log.error({ err: cause, key }, 'could not remove the file of a failed bank account create');
    });
    throw err;
  }
}

/** What is known of the statements of these accounts, by file key (for group D's `file` field). */
export async function statementFilesOf(
  deps: Deps,
  accounts: BankAccount[],
): Promise<Map<string, StatementFile>> {
  const keys = accounts.flatMap((a) => (a.statementFileKey ? [a.statementFileKey] : []));
  const rows = await findStoredFiles(deps.db, keys);
  return new Map(
    rows.map((row) => [
      row.key,
      { name: row.original_name, contentType: row.content_type, size: Number(row.size_bytes) },
    ]),
  );
}

/** The statement file of an account, bytes included. */
export async function readStatement(
  deps: Deps,
  companyId: string,
  bankAccountId: string,
): Promise<StatementFile & { data: Buffer }> {
  const account = await getBankAccount(deps, companyId, bankAccountId);
  const row = account.statementFileKey
    ? await findStoredFile(deps.db, companyId, account.statementFileKey)
    : undefined;
  const data = row ? await deps.files.get(row.key) : undefined;
  if (!row || !data) throw notFound('bank statement');
  return { name: row.original_name, contentType: row.content_type, size: data.length, data };
}
