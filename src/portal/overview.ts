// The portal's home page (issue 16, item 6 fills it with the partner's numbers).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getPartner } from '../domain/partners/partner.service.js';
import { requireUser, userOf } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { HTML, TAGS } from './schemas.js';

export const overviewPage: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: { summary: 'Portal overview', tags: TAGS, response: { 200: HTML } },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      const partner = await getPartner(app.deps, userOf(request).partnerId);
      return sendPortalPage(request, reply, 'overview', { title: 'Overview', partnerName: partner.name });
    },
  );
};
