// Upload company logo (group D): multipart/form-data with the image as `file`.
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { setLogo } from '../../../domain/branding/branding.service.js';
import { LOGO_MAX_BYTES } from '../../../domain/branding/logo-file.js';
import { invalid } from '../../../domain/errors.js';
import { companyOf } from '../../company-scope.js';
import { readLogoForm } from '../../logo-form.js';
import { CompanyParams, errors } from '../../schemas.js';
import { BrandingD } from './branding-view.js';

const logos = new WeakMap<FastifyRequest, Buffer>();

export const uploadLogoRoute: FastifyPluginAsyncTypebox = async (app) => {
  // Scoped to this route, as the bank-account create's.
  await app.register(multipart);

  app.put(
    '/companies/:companyId/branding/logo',
    {
      preValidation: async (request) => {
        const { data } = await readLogoForm(request);
        if (!data) throw invalid('/file', 'is required: the logo image');
        logos.set(request, data);
        // The body carries the image's digest: an Idempotency-Key repeat with another image is told apart.
        request.body = { file: `sha256:${createHash('sha256').update(data).digest('hex')}` };
      },
      schema: {
        summary: 'Upload company logo',
        description: `multipart/form-data, the image as \`file\`: PNG, JPEG or GIF (recognised by content; SVG is refused), at most ${LOGO_MAX_BYTES / 1024} KiB. Replaces the current logo; the new one gets a new \`logoUrl\`.`,
        tags: ['partner'],
        consumes: ['multipart/form-data'],
        params: CompanyParams,
        body: Type.Object({ file: Type.String({ description: 'the logo image' }) }),
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: BrandingD }),
          ...errors(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      const data = logos.get(request);
      if (!data) throw invalid('/file', 'is required: the logo image');
      return { saved: true, result: await setLogo(app.deps, companyOf(request).id, '/file', data) };
    },
  );
};
