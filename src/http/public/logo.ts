// A company's logo, for its customers' pages and e-mails: GET /public/v1/logos/<key>. The key is random
// (made at upload), so one logo's address tells nothing of another's; only a company's current logo is
// served, never another stored file (bank statements share the store).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { readLogo } from '../../domain/branding/branding.service.js';
import { notFound } from '../../domain/errors.js';
import { errors } from '../schemas.js';

const FILE_PATTERN = '^[0-9a-f]{24}\\.(png|jpg|gif)$';

export const logoRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/logos/:file',
    {
      schema: {
        summary: "A company's logo",
        description:
          'The logo a partner set for a company (PNG, JPEG or GIF), at the address its branding answers as `logoUrl`. A new logo gets a new address; a replaced or removed one is a 404.',
        tags: ['public'],
        params: Type.Object({ file: Type.String({ pattern: FILE_PATTERN }) }),
        response: {
          200: {
            description: 'the image',
            content: {
              'image/png': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) },
              'image/jpeg': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) },
              'image/gif': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) },
            },
          },
          304: { description: 'not modified (If-None-Match)' },
          ...errors(404, 429),
        },
      },
    },
    async (request, reply) => {
      const logo = await readLogo(app.deps, request.params.file);
      if (!logo) throw notFound('logo');
      const etag = `"${logo.sha256}"`;
      reply
        // The bytes of an address never change (a new logo gets a new key): a day in any cache is safe.
        .header('cache-control', 'public, max-age=86400')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // An image, never a document: nothing in it runs even if it is opened on its own.
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline; filename="logo"')
        // Mail clients and other origins may show it (helmet's default would keep it same-origin).
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(logo.contentType).send(logo.data);
    },
  );
};
