// The query of the group D transaction list: spec 4.D's `filter`/`filterValue` pair (e.g. isSandbox and
// true) and, beside it, status, direction and a completion date range (dateFrom, dateTo). The pair and
// the plain parameter may name the same field only with the same value.
import { Type } from '@sinclair/typebox';
import { DomainError, type FieldError } from '../../../domain/errors.js';
import { completionWindow } from '../../../domain/transactions/completion-window.js';
import {
  type Direction,
  TRANSACTION_STATUSES,
  type TransactionStatus,
} from '../../../domain/transactions/transaction.js';
import type { TransactionFilter } from '../../../domain/transactions/transaction.repository.js';
import { PageQuery } from '../../schemas.js';

const DIRECTIONS = ['incoming', 'outgoing'] as const;
const FILTERS = ['isSandbox', 'status', 'direction'] as const;
const DateText = (what: string) =>
  Type.String({
    maxLength: 40,
    description: `${what} (a date means the whole UTC day); inclusive, on completedAt`,
  });

export const TransactionListQuery = Type.Object({
  ...PageQuery.properties,
  filter: Type.Optional(
    Type.Union(
      FILTERS.map((f) => Type.Literal(f)),
      { description: 'the field filterValue applies to: isSandbox, status or direction' },
    ),
  ),
  filterValue: Type.Optional(
    Type.String({
      maxLength: 40,
      description:
        'isSandbox: true or false; status: pending, completed or rejected; direction: incoming or outgoing',
    }),
  ),
  status: Type.Optional(Type.Union(TRANSACTION_STATUSES.map((s) => Type.Literal(s)))),
  direction: Type.Optional(Type.Union(DIRECTIONS.map((d) => Type.Literal(d)))),
  dateFrom: Type.Optional(DateText('completed from this date or date-time')),
  dateTo: Type.Optional(DateText('completed up to this date or date-time')),
});

interface ListQuery {
  filter?: (typeof FILTERS)[number] | undefined;
  filterValue?: string | undefined;
  status?: TransactionStatus | undefined;
  direction?: Direction | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

function oneOf<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The repository filter of a list query; one 400 listing every problem. */
export function transactionFilter(companyId: string, query: ListQuery): TransactionFilter {
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ field, message });
  const filter: TransactionFilter = { companyId, status: query.status, direction: query.direction };
  const { filter: name, filterValue: value } = query;
  if (name !== undefined && value === undefined) fail('/filterValue', 'is required with filter');
  if (name === undefined && value !== undefined) fail('/filter', 'is required with filterValue');
  if (name !== undefined && value !== undefined) {
    if (name === 'isSandbox') {
      if (value === 'true' || value === 'false') filter.isSandbox = value === 'true';
      else fail('/filterValue', 'must be true or false for isSandbox');
    } else if (name === 'status') {
      const status = oneOf(value, TRANSACTION_STATUSES);
      if (!status) fail('/filterValue', `must be one of ${TRANSACTION_STATUSES.join(', ')} for status`);
      else if (query.status && query.status !== status) fail('/status', 'contradicts filter status');
      else filter.status = status;
    } else {
      const direction = oneOf(value, DIRECTIONS);
      if (!direction) fail('/filterValue', 'must be incoming or outgoing for direction');
      else if (query.direction && query.direction !== direction)
        fail('/direction', 'contradicts filter direction');
      else filter.direction = direction;
    }
  }
  try {
    Object.assign(filter, completionWindow(query));
  } catch (err) {
    if (!(err instanceof DomainError) || !err.errors) throw err;
    errors.push(...err.errors);
  }
  if (errors.length > 0) {
    const detail = errors.map((e) => `${e.field.replace(/^\//, '')} ${e.message}`).join('; ');
    throw new DomainError('validation_failed', detail, errors);
  }
  return filter;
}
