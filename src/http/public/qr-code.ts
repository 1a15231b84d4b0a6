// QR images of links (API.md 3): GET /public/v1/qr/<token>.svg and .png render the link a token opens.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../domain/errors.js';
import { linkOfToken } from '../../domain/payments/payment-links.js';
import { errors } from '../schemas.js';

/** Loaded with the first QR image asked for, not at every start. */
const qrcode = async () => (await import('qrcode')).default;

const FILE_PATTERN = '^[A-Za-z0-9_-]{16,128}\\.(svg|png)$';

export const qrCodeRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/qr/:file',
    {
      schema: {
        summary: 'QR code of a link',
        description:
          'The QR code of a payment link (`<token>.svg` or `<token>.png`, the token after `p?=`), of a refund link (after `rf?=`), or of a recurring link (after `rp?=`). 404 once the link no longer exists.',
        tags: ['public'],
        params: Type.Object({ file: Type.String({ pattern: FILE_PATTERN }) }),
        response: {
          200: {
            description: 'the QR code',
            content: {
              'image/svg+xml': { schema: Type.String() },
              'image/png': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) },
            },
          },
          ...errors(404, 429),
        },
      },
    },
    async (request, reply) => {
      const dot = request.params.file.lastIndexOf('.');
      const token = request.params.file.slice(0, dot);
      const link = await linkOfToken(app.deps, token);
      if (!link) throw notFound('link');
      // Short-lived: a deleted payment's code must stop resolving soon.
      reply.header('cache-control', 'private, max-age=300');
      if (request.params.file.endsWith('.svg')) {
        const svg = await (await qrcode()).toString(link, {
          type: 'svg',
          errorCorrectionLevel: 'M',
          margin: 2,
        });
        return reply.type('image/svg+xml').send(svg);
      }
      const png = await (await qrcode()).toBuffer(link, {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 2,
        scale: 8,
      });
      return reply.type('image/png').send(png);
    },
  );
};
