// The portal's home page (issue 16, item 6): the partner's numbers at a glance.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getPartner } from '../domain/partners/partner.service.js';
import { overviewOf } from '../domain/portal/overview.service.js';
import { receivedChart } from './chart.js';
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
      const user = userOf(request);
      const [partner, overview] = await Promise.all([
        getPartner(app.deps, user.partnerId),
        overviewOf(app.deps, user),
      ]);
      return sendPortalPage(request, reply, 'overview', {
        title: 'Overview',
        partnerName: partner.name,
        ...overview,
        chart: receivedChart(overview.received),
      });
    },
  );
};
