// Setting and reading a company's branding (group D and the portal call the same functions). A logo's
// bytes go through the FileStore port before its rows, outside the transaction, as statements do; a
// replaced or removed logo's file is deleted once the change is committed.
import { createHash } from 'node:crypto';
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { isoNow } from '../clock.js';
import { newId } from '../ids.js';
import { textOn } from './accent-colour.js';
import type { Branding } from './branding.js';
import { findBranding, saveBranding } from './branding.repository.js';
import type { CompanyBrandingTable } from './branding.row.js';
import { checkLogoFile } from './logo-file.js';

export const LOGO_PATH = '/public/v1/logos';

export function logoUrl(publicUrl: string, key: string): string {
  return `${publicUrl}${LOGO_PATH}/${key}`;
}

export async function getBranding(deps: Deps, companyId: string): Promise<Branding> {
  const row = await findBranding(deps.db, companyId);
  const file = row?.logo_key
    ? await deps.db.selectFrom('files').selectAll().where('key', '=', row.logo_key).executeTakeFirst()
    : undefined;
  return {
    accentColour: row?.accent_colour ?? null,
    accentTextColour: row?.accent_colour ? textOn(row.accent_colour) : null,
    logoUrl: file ? logoUrl(deps.config.publicUrl, file.key) : null,
    logo: file ? { contentType: file.content_type, size: Number(file.size_bytes) } : null,
    updatedAt: row?.updated_at ?? null,
  };
}

async function update(
  deps: Deps,
  companyId: string,
  change: (row: CompanyBrandingTable) => CompanyBrandingTable,
): Promise<string | null> {
  return withTransaction(deps, async (tx) => {
    const now = isoNow(tx.clock);
    const current = (await findBranding(tx.db, companyId)) ?? {
      company_id: companyId,
      accent_colour: null,
      logo_key: null,
      updated_at: now,
    };
    const next = { ...change(current), updated_at: now };
    await saveBranding(tx.db, next);
    const dropped = current.logo_key && current.logo_key !== next.logo_key ? current.logo_key : null;
    if (dropped) await tx.db.deleteFrom('files').where('key', '=', dropped).execute();
    return dropped;
  });
}

async function forget(deps: Deps, key: string | null): Promise<void> {
  // Inside a request's transaction (an Idempotency-Key write) the change may still roll back: the old
  // bytes stay (no row names them any more, so they are never served).
  if (!key || deps.db.isTransaction) return;
  await deps.files.delete(key).catch((err: unknown) => {
    deps.log.error({ err, key }, 'could not remove a replaced logo file');
  });
}

/** Sets (a colour checked by the caller's schema and checkAccentColour) or clears the accent colour. */
export async function setAccentColour(
  deps: Deps,
  companyId: string,
  colour: string | null,
): Promise<Branding> {
  await update(deps, companyId, (row) => ({ ...row, accent_colour: colour }));
  return getBranding(deps, companyId);
}

/** Stores a new logo (checked by content and size) in place of the company's current one. */
export async function setLogo(deps: Deps, companyId: string, field: string, data: Buffer): Promise<Branding> {
  const { extension, contentType } = checkLogoFile(field, data);
  const key = `${newId()}.${extension}`;
  await deps.files.put(key, data);
  let dropped: string | null;
  try {
    dropped = await withTransaction(deps, async (tx) => {
      await tx.db
        .insertInto('files')
        .values({
          key,
          company_id: companyId,
          original_name: `logo.${extension}`,
          content_type: contentType,
          size_bytes: data.length,
          sha256: createHash('sha256').update(data).digest('hex'),
          created_at: isoNow(tx.clock),
        })
        .execute();
      return update(tx, companyId, (row) => ({ ...row, logo_key: key }));
    });
  } catch (err) {
    await forget(deps, key);
    throw err;
  }
  await forget(deps, dropped);
  return getBranding(deps, companyId);
}

export async function removeLogo(deps: Deps, companyId: string): Promise<Branding> {
  await forget(deps, await update(deps, companyId, (row) => ({ ...row, logo_key: null })));
  return getBranding(deps, companyId);
}

/** A logo that is some company's current one, by its key; never any other stored file (statements). */
export async function readLogo(
  deps: Deps,
  key: string,
): Promise<{ contentType: string; data: Buffer; sha256: string } | undefined> {
  const row = await deps.db
    .selectFrom('company_branding')
    .innerJoin('files', 'files.key', 'company_branding.logo_key')
    .select(['files.key', 'files.content_type', 'files.sha256'])
    .where('company_branding.logo_key', '=', key)
    .executeTakeFirst();
  const data = row ? await deps.files.get(row.key) : undefined;
  return row && data ? { contentType: row.content_type, data, sha256: row.sha256 } : undefined;
}
