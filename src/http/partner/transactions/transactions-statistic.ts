import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { formatAmount } from '../../../domain/money.js';
import { completionWindow } from '../../../domain/transactions/completion-window.js';
import { receivedTotal } from '../../../domain/transactions/transaction.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';

const DateText = (what: string) =>
  Type.String({ maxLength: 40, description: `${what} (a date means the whole UTC day); inclusive` });

export const partnerTransactionsStatisticRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/transactions/statistics',
    {
      schema: {
        summary: 'Completed transactions statistic',
        description:
          'What the company received: the total and the number of its completed incoming transactions whose completedAt falls in [dateFrom, dateTo] (either may be left out), sandbox or live (isSandbox, default false). Refunds paid out are not subtracted. Both numbers are strings; one row, zeros when nothing matched.',
        tags: ['partner'],
        params: CompanyParams,
        querystring: Type.Object({
          dateFrom: Type.Optional(DateText('completed from this date or date-time')),
          dateTo: Type.Optional(DateText('completed up to this date or date-time')),
          isSandbox: Type.Union([Type.Literal('true'), Type.Literal('false')], { default: 'false' }),
        }),
        response: {
          200: Type.Object({
            data: Type.Array(
              Type.Object({
                totalAmount: Type.String({ description: 'two decimals, e.g. 1250.00' }),
                totalCount: Type.String({ description: 'a whole number, e.g. 12' }),
              }),
            ),
          }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { dateFrom, dateTo, isSandbox } = request.query;
      const total = await receivedTotal(app.deps, {
        companyId: companyOf(request).id,
        isSandbox: isSandbox === 'true',
        ...completionWindow({ dateFrom, dateTo }),
      });
      return { data: [{ totalAmount: formatAmount(total.totalPence), totalCount: String(total.count) }] };
    },
  );
};
