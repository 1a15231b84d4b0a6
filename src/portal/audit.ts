// The audit log (issue 16, item 7): who did what and when, newest first.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { pageAudit } from '../domain/portal/audit.js';
import { requireUser, userOf } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { HTML, TAGS } from './schemas.js';

const PAGE_SIZE = 50;

export const auditPage: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        summary: 'Audit log',
        tags: TAGS,
        querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) }),
        response: { 200: HTML, 400: HTML },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const log = await pageAudit(app.deps.db, userOf(request).partnerId, { page, limit: PAGE_SIZE });
      return sendPortalPage(request, reply, 'audit', {
        title: 'Audit log',
        entries: log.docs,
        nextPage: page * PAGE_SIZE < log.totalDocs ? `/portal/audit?page=${page + 1}` : undefined,
      });
    },
  );
};
