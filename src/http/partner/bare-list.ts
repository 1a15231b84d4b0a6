// Group D lists that the spec answers as a bare `data` array (companies, integrations): they still page,
// like group A's bare arrays (API.md 1.3), so that no answer grows without bound; X-Total-Count says how many.
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { Page } from '../../store/paging.js';
import { PageNumber } from '../schemas.js';

export const BareListQuery = Type.Object({
  page: PageNumber,
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
});

export function setTotalCount(reply: FastifyReply, page: Page<unknown>): void {
  reply.header('x-total-count', String(page.totalDocs));
}
