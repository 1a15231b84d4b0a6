import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getPartnerSettings } from '../../../domain/partners/partner-settings.service.js';
import { partnerOf } from '../../auth/auth.js';
import { errors } from '../../schemas.js';
import { SettingsView } from './settings-view.js';

export const getSettingsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/settings',
    {
      schema: {
        summary: 'Get partner settings',
        tags: ['partner'],
        response: { 200: Type.Object({ data: SettingsView }), ...errors(401) },
      },
    },
    async (request) => ({ data: await getPartnerSettings(app.deps, partnerOf(request).partnerId) }),
  );
};
