// Sandbox control (API.md 9.1): each customer e-mail rendered with sample data, as HTML or as text, to
// look at a template without sending anything.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../domain/errors.js';
import { EMAIL_TEMPLATES, type EmailTemplate } from '../../domain/mail/email-content.js';
import { sampleBrand, sampleFacts } from '../../domain/mail/email-samples.js';
import { renderEmail } from '../../domain/mail/render-email.js';
import { errors } from '../schemas.js';

const isTemplate = (name: string): name is EmailTemplate =>
  (EMAIL_TEMPLATES as readonly string[]).includes(name);

export const emailPreviewControl: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/emails/preview/:template',
    {
      schema: {
        summary: 'Preview a customer e-mail',
        description: `One of ${EMAIL_TEMPLATES.join(', ')}, rendered with sample data: \`format=html\` (default) or \`text\`; the subject in the \`x-email-subject\` header. 404 for another name.`,
        tags: ['sandbox'],
        params: Type.Object({ template: Type.String({ maxLength: 100 }) }),
        querystring: Type.Object({
          format: Type.Optional(Type.Union([Type.Literal('html'), Type.Literal('text')])),
        }),
        response: {
          200: {
            description: 'the e-mail',
            content: { 'text/html': { schema: Type.String() }, 'text/plain': { schema: Type.String() } },
          },
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { template } = request.params;
      if (!isTemplate(template)) throw notFound('e-mail template');
      const email = renderEmail(sampleFacts(template, app.deps.config.publicUrl), sampleBrand());
      reply.header('cache-control', 'no-store').header('x-email-subject', encodeURIComponent(email.subject));
      return request.query.format === 'text'
        ? reply.type('text/plain; charset=utf-8').send(email.text)
        : reply.type('text/html; charset=utf-8').send(email.html);
    },
  );
};
