// Sandbox control (API.md 9.1): the next scheduled payment of a recurring payment's standing order fails
// at the sandbox bank (no money moves), as a customer's empty account would make it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DomainError } from '../../domain/errors.js';
import { standingOrderOf } from '../../domain/recurring/recurring.service.js';
import { SANDBOX_PROVIDER_ID } from '../../providers/providers.js';
import { failNextStandingOrderPayment, sandboxBankOf } from '../../providers/sandbox-bank/index.js';
import { errors, Id } from '../schemas.js';

export const failNextStandingOrderControl: FastifyPluginAsyncTypebox = async (app) => {
  const bank = sandboxBankOf(app.deps);
  app.post(
    '/standing-orders/fail-next',
    {
      schema: {
        summary: "Fail the next payment of a recurring payment's standing order",
        description:
          'The sandbox bank fails the next scheduled payment of the standing order set up for this recurring payment; the item then becomes missed. 404 for an unknown recurring payment, 409 when it has no standing order at the sandbox bank, or none left to pay.',
        tags: ['sandbox'],
        body: Type.Object({ recurringPaymentId: Id }, { additionalProperties: false }),
        response: {
          200: Type.Object({ recurringPaymentId: Id, standingOrderId: Type.String() }),
          ...errors(400, 404, 409),
        },
      },
    },
    async (request) => {
      const { recurringPaymentId } = request.body;
      const { provider, standingOrderId } = await standingOrderOf(app.deps, recurringPaymentId);
      if (provider !== SANDBOX_PROVIDER_ID) {
        throw new DomainError(
          'invalid_state',
          `the standing order is held by ${provider}, not the sandbox bank`,
        );
      }
      await failNextStandingOrderPayment(bank, standingOrderId);
      return { recurringPaymentId, standingOrderId };
    },
  );
};
