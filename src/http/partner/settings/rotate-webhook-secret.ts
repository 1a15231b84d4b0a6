import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { rotatePartnerWebhookSecret } from '../../../domain/partners/partner-settings.service.js';
import { partnerOf } from '../../auth/auth.js';
import { errors } from '../../schemas.js';

export const rotateWebhookSecretRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/settings/webhook-secret',
    {
      schema: {
        summary: 'Rotate partner webhook secret',
        description:
          'A new signing secret for the webhook URL, shown only here. For 24 hours webhooks carry a ' +
          'signature with the new secret and one with the old; 409 while no webhook URL is set.',
        tags: ['partner'],
        response: {
          200: Type.Object({ data: Type.Object({ webhookSecret: Type.String() }) }),
          ...errors(401, 409),
        },
      },
    },
    async (request) => ({
      data: { webhookSecret: await rotatePartnerWebhookSecret(app.deps, partnerOf(request).partnerId) },
    }),
  );
};
