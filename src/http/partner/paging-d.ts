// Paging envelope D (spec 2.12, API.md 1.3): the group D lists of payments, recurring payments and
// transactions. The body comes from envelopeD (../paging.ts); this is its schema.
import { type TSchema, Type } from '@sinclair/typebox';
import { Nullable } from '../schemas.js';

export function PagingD<T extends TSchema>(doc: T) {
  return Type.Object({
    data: Type.Object({
      totalDocs: Type.Integer(),
      limit: Type.Integer(),
      totalPages: Type.Integer(),
      page: Type.Integer(),
      pagingCounter: Type.Integer({ description: '1-based index of the first doc' }),
      hasPrevPage: Type.Boolean(),
      hasNextPage: Type.Boolean(),
      prevPage: Nullable(Type.Integer()),
      nextPage: Nullable(Type.Integer()),
      docs: Type.Array(doc),
    }),
  });
}
