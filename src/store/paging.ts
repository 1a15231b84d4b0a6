// Offset paging shared by every list: newest first, (created_at, id) descending.
import { type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from './schema.js';

export interface PageRequest {
  page: number;
  limit: number;
}

export interface Page<T> {
  docs: T[];
  totalDocs: number;
  page: number;
  limit: number;
}

export function offsetOf({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}

export function pageOf<T>(docs: T[], totalDocs: number, request: PageRequest): Page<T> {
  return { docs, totalDocs, page: request.page, limit: request.limit };
}

export function mapPage<T, U>(page: Page<T>, fn: (item: T) => U): Page<U> {
  return { ...page, docs: page.docs.map(fn) };
}

/**
 * One page of what `base` selects (a table and its filters), newest first by created_at then `tieBreak`,
 * with the count of all of them: `count()` when given (a kept counter), else counted by `base`.
 */
export async function newestFirstPage<T extends keyof Database>(
  base: SelectQueryBuilder<Database, T, object>,
  request: PageRequest,
  options: { tieBreak?: 'id' | 'seq'; count?: () => Promise<number> } = {},
): Promise<Page<Selectable<Database[T]>>> {
  const counted = async () =>
    Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql.ref('created_at'), 'desc')
      .orderBy(sql.ref(options.tieBreak ?? 'id'), 'desc')
      .limit(request.limit)
      .offset(offsetOf(request))
      .execute(),
    (options.count ?? counted)(),
  ]);
  // selectAll() of a table is its row; Kysely cannot work that out for a table chosen by a type parameter.
  return pageOf(rows as unknown as Selectable<Database[T]>[], total, request);
}
