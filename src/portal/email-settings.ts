// E-mail settings (issue 16, item 4): the sender and reply-to of the e-mails sent for the partner
// (officers' verification links), and a test e-mail to the person asking.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getPartnerSettings } from '../domain/partners/partner-settings.service.js';
import { saveEmailSettings, sendTestEmail } from '../domain/portal/portal-email-settings.service.js';
import { can } from '../domain/portal/portal-user.js';
import { MAIL_ADDRESS } from '../http/partner/settings/settings-view.js';
import { requireUser, userOf } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { FORM, Form, HTML, TAGS } from './schemas.js';

const ADDRESS = new RegExp(MAIL_ADDRESS);

export const emailSettingsPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: Record<string, unknown> = {},
    status = 200,
  ) {
    const user = userOf(request);
    const { email } = await getPartnerSettings(deps, user.partnerId);
    return sendPortalPage(
      request,
      reply,
      'email-settings',
      { title: 'E-mail settings', email, canManage: can(user.role, 'manage_settings'), ...extra },
      status,
    );
  }

  app.get(
    '/settings/email',
    {
      schema: { summary: 'E-mail settings', tags: TAGS, response: { 200: HTML } },
      preHandler: requireUser(),
    },
    async (request, reply) => page(request, reply),
  );

  app.post(
    '/settings/email',
    {
      schema: {
        summary: 'Save the e-mail settings',
        tags: TAGS,
        consumes: FORM,
        body: Form({
          fromAddress: Type.String({ maxLength: 320 }),
          replyTo: Type.String({ maxLength: 320 }),
        }),
        response: { 200: HTML, 400: HTML, 403: HTML },
      },
      preHandler: [requireUser('manage_settings'), app.csrfProtection],
    },
    async (request, reply) => {
      const fromAddress = request.body.fromAddress.trim() || null;
      const replyTo = request.body.replyTo.trim() || null;
      const bad = [
        ['Sender', fromAddress],
        ['Reply-to', replyTo],
      ].find(([, value]) => value !== null && !ADDRESS.test(value as string));
      if (bad)
        return page(
          request,
          reply,
          {
            error: `${bad[0]} must be an e-mail address, or a name and <address>.`,
            email: { fromAddress, replyTo },
          },
          400,
        );
      await saveEmailSettings(deps, userOf(request), { fromAddress, replyTo }, request.ip);
      return page(request, reply, { notice: 'E-mail settings saved.' });
    },
  );

  app.post(
    '/settings/email/test',
    {
      schema: {
        summary: 'Send a test e-mail',
        tags: TAGS,
        consumes: FORM,
        body: Form({}),
        response: { 200: HTML, 403: HTML },
      },
      preHandler: [requireUser('manage_settings'), app.csrfProtection],
    },
    async (request, reply) => {
      await sendTestEmail(deps, userOf(request), request.ip);
      return page(request, reply, { notice: `Test e-mail sent to ${userOf(request).email}.` });
    },
  );
};
