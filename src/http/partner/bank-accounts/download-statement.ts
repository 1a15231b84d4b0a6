import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { readStatement } from '../../../domain/bank-accounts/bank-statement.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';

/** A header-safe file name: ASCII fallback plus the exact UTF-8 name (RFC 6266 / 5987). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const partnerDownloadStatementRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/bank-accounts/:id/file',
    {
      schema: {
        summary: 'Download bank statement',
        description: 'The statement file given when the bank account was created.',
        tags: ['partner'],
        params: CompanyIdParams,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
          ...errors(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await readStatement(app.deps, companyOf(request).id, request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
};
