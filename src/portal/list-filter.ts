// The filter form of a company's payment and recurring payment lists: status, creation dates (whole
// days, UTC) and a reference search; an empty field is no filter.
import { type Static, Type } from '@sinclair/typebox';
import type { ListFilter } from '../domain/portal/portal-payment-search.repository.js';

const DATE = '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$';

export const listQuery = (statuses: readonly string[]) =>
  Type.Object({
    status: Type.Optional(Type.Union([Type.Literal(''), ...statuses.map((s) => Type.Literal(s))])),
    from: Type.Optional(Type.String({ pattern: DATE })),
    to: Type.Optional(Type.String({ pattern: DATE })),
    q: Type.Optional(Type.String({ maxLength: 200 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  });
export type ListQuery = Static<ReturnType<typeof listQuery>>;

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();

export function filterOf(query: ListQuery): ListFilter {
  return {
    status: query.status || undefined,
    createdFrom: query.from ? `${query.from}T00:00:00.000Z` : undefined,
    createdBefore: query.to ? dayAfter(query.to) : undefined,
    reference: query.q?.trim() || undefined,
  };
}

/** The list's URL with the same filters and another page. */
export function pageUrl(path: string, query: ListQuery, page: number): string {
  const kept = Object.entries({ status: query.status, from: query.from, to: query.to, q: query.q }).filter(
    (entry): entry is [string, string] => Boolean(entry[1]),
  );
  return `${path}?${new URLSearchParams([...kept, ['page', String(page)]])}`;
}
