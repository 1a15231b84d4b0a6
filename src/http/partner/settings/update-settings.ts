import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { updatePartnerSettings } from '../../../domain/partners/partner-settings.service.js';
import { partnerOf } from '../../auth/auth.js';
import { errors } from '../../schemas.js';
import { SettingsBody, SettingsView } from './settings-view.js';

const UpdatedSettings = Type.Composite([
  SettingsView,
  Type.Object({
    webhookSecret: Type.Optional(
      Type.String({ description: 'present when webhookUrl was set or changed; shown only here' }),
    ),
  }),
]);

export const updateSettingsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/settings',
    {
      schema: {
        summary: 'Update partner settings',
        description:
          'Webhook URL for the partner webhooks (API.md 8) and the e-mail settings used by sendEmail. ' +
          'A new or changed webhook URL gets a new signing secret, answered once as data.webhookSecret.',
        tags: ['partner'],
        body: SettingsBody,
        response: { 200: Type.Object({ data: UpdatedSettings }), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { settings, webhookSecret } = await updatePartnerSettings(
        app.deps,
        partnerOf(request).partnerId,
        request.body,
      );
      return { data: { ...settings, ...(webhookSecret ? { webhookSecret } : {}) } };
    },
  );
};
