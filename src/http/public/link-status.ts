// Where an open customer page's payment stands (API.md 9): the page's script polls this to learn of a
// payment completed elsewhere (on the phone that scanned its QR code). By the link's token, which the
// page already holds; only the status, nothing else of the payment.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../domain/errors.js';
import { paymentByToken } from '../../domain/payments/payment.service.js';
import { recurringStatusOfToken } from '../../domain/recurring/recurring-links.js';
import { errors, PaymentStatus, RecurringPaymentStatus } from '../schemas.js';

const TokenParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,128}$' }) });
const PaymentLinkStatus = Type.Object({ status: PaymentStatus }, { title: 'PaymentLinkStatus' });
const RecurringLinkStatus = Type.Object({ status: RecurringPaymentStatus }, { title: 'RecurringLinkStatus' });

export const linkStatusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/payments/:token/status',
    {
      schema: {
        summary: "A payment link's status (for its open page)",
        description:
          'The status of the payment behind a payment link token (the token after `p?=`). 404 once the link no longer exists.',
        tags: ['public'],
        params: TokenParams,
        response: { 200: PaymentLinkStatus, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const payment = await paymentByToken(app.deps, request.params.token);
      if (!payment) throw notFound('payment link');
      return reply.header('cache-control', 'no-store').send({ status: payment.status });
    },
  );

  app.get(
    '/recurring-payments/:token/status',
    {
      schema: {
        summary: "A recurring link's status (for its open page)",
        description:
          'The status of the recurring payment behind a recurring link token (the token after `rp?=`). 404 once the link no longer exists.',
        tags: ['public'],
        params: TokenParams,
        response: { 200: RecurringLinkStatus, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const status = await recurringStatusOfToken(app.deps, request.params.token);
      if (!status) throw notFound('recurring link');
      return reply.header('cache-control', 'no-store').send({ status });
    },
  );
};
