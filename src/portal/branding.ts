// A company's branding in the portal (issue 17 item 2): accent colour and logo of its customers' pages
// and e-mails. Anyone signed in sees it; admins and owners (who run the partner's companies) change it.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getBranding } from '../domain/branding/branding.service.js';
import { LOGO_MAX_BYTES } from '../domain/branding/logo-file.js';
import { saveBrandingForm } from '../domain/branding/portal-branding.js';
import { DomainError } from '../domain/errors.js';
import { portalCompany } from '../domain/portal/portal-companies.service.js';
import { can } from '../domain/portal/portal-user.js';
import { readLogoForm } from '../http/logo-form.js';
import { requireUser, userOf } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { HTML, TAGS } from './schemas.js';

const Params = Type.Object({ companyId: Type.String({ pattern: '^[0-9a-f]{24}$' }) });
const logos = new WeakMap<FastifyRequest, Buffer>();

export const brandingPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  // Scoped to these routes: the portal's other forms stay url-encoded.
  await app.register(multipart);

  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    companyId: string,
    extra: Record<string, unknown> = {},
    status = 200,
  ) {
    const user = userOf(request);
    const company = await portalCompany(deps, user, companyId);
    const branding = await getBranding(deps, company.id);
    return sendPortalPage(
      request,
      reply,
      'branding',
      {
        title: `Branding of ${company.name}`,
        company,
        branding,
        logoPath: branding.logoUrl ? new URL(branding.logoUrl).pathname : null,
        colour: branding.accentColour ?? '',
        canManage: can(user.role, 'operate'),
        maxKiB: LOGO_MAX_BYTES / 1024,
        ...extra,
      },
      status,
    );
  }

  app.get(
    '/companies/:companyId/branding',
    {
      schema: { summary: 'Company branding', tags: TAGS, params: Params, response: { 200: HTML, 404: HTML } },
      preHandler: requireUser(),
    },
    async (request, reply) => page(request, reply, request.params.companyId),
  );

  app.post(
    '/companies/:companyId/branding',
    {
      // The form is read before the guards, which need its CSRF token; nothing is stored before them.
      preValidation: async (request) => {
        // A url-encoded post (no file: the colour alone) arrives parsed already.
        if (!request.isMultipart()) return;
        const { fields, data } = await readLogoForm(request);
        if (data) logos.set(request, data);
        request.body = fields;
      },
      schema: {
        summary: 'Save company branding',
        description: `multipart/form-data (or url-encoded without a file): \`accentColour\` (#rrggbb, or empty for the default), \`file\` (optional: PNG, JPEG or GIF, at most ${LOGO_MAX_BYTES / 1024} KiB), \`removeLogo\`, \`_csrf\`.`,
        tags: TAGS,
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
        params: Params,
        body: Type.Object({
          accentColour: Type.Optional(Type.String({ maxLength: 20 })),
          removeLogo: Type.Optional(Type.String({ maxLength: 10 })),
          _csrf: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 200: HTML, 400: HTML, 403: HTML, 404: HTML },
      },
      preHandler: [requireUser('operate'), app.csrfProtection],
    },
    async (request, reply) => {
      const { companyId } = request.params;
      const accentColour = request.body.accentColour ?? '';
      try {
        await saveBrandingForm(
          deps,
          userOf(request),
          companyId,
          { accentColour, logo: logos.get(request), removeLogo: request.body.removeLogo === 'yes' },
          request.ip,
        );
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'validation_failed') throw err;
        const field = err.errors?.[0]?.field === '/file' ? 'Logo' : 'Accent colour';
        const message = err.errors?.[0]?.message ?? err.message;
        return page(request, reply, companyId, { error: `${field} ${message}.`, colour: accentColour }, 400);
      }
      return page(request, reply, companyId, { notice: 'Branding saved.' });
    },
  );
};
