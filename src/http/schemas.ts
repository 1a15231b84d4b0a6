// Schemas shared by many routes. Written once: they validate, type the handlers and document the API.
import { type TSchema, Type } from '@sinclair/typebox';
import { ID_PATTERN } from '../domain/ids.js';
import { AMOUNT_MAX_LENGTH, AMOUNT_PATTERN } from '../domain/money.js';

export const Id = Type.String({ pattern: ID_PATTERN, description: '24 lowercase hex characters' });
export const Amount = Type.String({
  pattern: AMOUNT_PATTERN,
  maxLength: AMOUNT_MAX_LENGTH,
  description: 'two decimals, e.g. 12.50',
});
/**
 * Every amount a request carries: bounded in length, so that no amount overflows into a 500. The rules
 * (two decimals, above 0.00, at most MAX_AMOUNT) are the domain's, which names each failing field.
 */
export const AmountInput = (description: string) =>
  Type.String({ maxLength: AMOUNT_MAX_LENGTH, description });
export const Timestamp = Type.String({ description: 'ISO 8601 UTC with milliseconds' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const IdParams = Type.Object({ id: Id });
export const CompanyParams = Type.Object({ companyId: Id });
export const CompanyIdParams = Type.Object({ companyId: Id, id: Id });

/**
 * The page number of every list. Bounded: a page like 1e20 made an offset the databases cannot bind (a
 * 500); a million pages of the largest limit is a billion rows, beyond any list here.
 */
export const PageNumber = Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 });

export const PageQuery = Type.Object({
  page: PageNumber,
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
});

export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    code: Type.String(),
    detail: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
    requestId: Type.String(),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details' },
);

const problemRef = Type.Ref('Problem');

/** The error responses a route can give, for the OpenAPI document. */
export function errors(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const status of [...statuses, 500]) out[status] = problemRef;
  return out;
}

/** Paging envelope of groups B and C (spec 2.12). */
export function PagingB<T extends TSchema>(doc: T) {
  return Type.Object({
    data: Type.Object({
      page: Type.Integer(),
      totalDocs: Type.Integer(),
      totalPages: Type.Integer(),
      limit: Type.Integer(),
      hasNextPage: Type.Boolean(),
      docs: Type.Array(doc),
    }),
  });
}
