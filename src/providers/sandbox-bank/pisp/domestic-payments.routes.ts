// POST /domestic-payments, GET /domestic-payments/{DomesticPaymentId}[/payment-details]
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { BankPluginOptions } from '../ob/api-plugin.js';
import { forbidden } from '../ob/errors.js';
import { tokenFor } from '../ob/guard.js';
import { idempotentCreate } from '../ob/idempotency.js';
import { DomesticPaymentBody } from '../ob/schemas.js';
import {
  createDomesticPayment,
  domesticPaymentView,
  findClientPayment,
  paymentDetailsView,
} from './domestic-payments.js';
import { advanceBankPayment } from './settlement.js';

const Params = Type.Object({ DomesticPaymentId: Type.String({ minLength: 1, maxLength: 40 }) });

export const domesticPaymentRoutes: FastifyPluginAsyncTypebox<BankPluginOptions> = async (app, { bank }) => {
  app.post(
    '/domestic-payments',
    {
      schema: {
        summary: 'Sandbox bank: make a domestic payment',
        tags: ['sandbox'],
        body: DomesticPaymentBody,
      },
    },
    async (request, reply) => {
      const token = tokenFor(request);
      if (!token.consent_id) {
        throw forbidden(
          'UK.OBIE.Resource.ConsentMismatch',
          'a payment needs the customer’s authorisation token',
        );
      }
      const id = await idempotentCreate(bank, request, token.client_id, 'domestic-payments', (db) =>
        createDomesticPayment(bank, db, token, request.body),
      );
      // The answer shows the payment's first status; with auto settlement it advances right after.
      const view = await domesticPaymentView(bank, await findClientPayment(bank, token.client_id, id));
      if (bank.options.settlement === 'auto') await advanceBankPayment(bank, id);
      return reply.code(201).send(view);
    },
  );

  app.get(
    '/domestic-payments/:DomesticPaymentId',
    { schema: { summary: 'Sandbox bank: get a domestic payment', tags: ['sandbox'], params: Params } },
    async (request) => {
      const payment = await findClientPayment(
        bank,
        tokenFor(request).client_id,
        request.params.DomesticPaymentId,
      );
      return domesticPaymentView(bank, payment);
    },
  );

  app.get(
    '/domestic-payments/:DomesticPaymentId/payment-details',
    {
      schema: {
        summary: 'Sandbox bank: the status details of a domestic payment',
        tags: ['sandbox'],
        params: Params,
      },
    },
    async (request) => {
      const payment = await findClientPayment(
        bank,
        tokenFor(request).client_id,
        request.params.DomesticPaymentId,
      );
      return paymentDetailsView(bank, payment);
    },
  );
};
