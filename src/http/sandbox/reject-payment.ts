// Sandbox control (API.md 9.1): the sandbox bank rejects a pending payment (or a refund in process) now.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { decideAtSandboxBank } from '../../domain/payments/sandbox-decision.js';
import { errors, Id, PaymentStatus } from '../schemas.js';

export const rejectPaymentControl: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/payments/:paymentId/reject',
    {
      schema: {
        summary: 'Reject a payment at the sandbox bank',
        description:
          'The sandbox bank rejects the payment it is processing for this payment (with SANDBOX_SETTLEMENT=manual it waits for this); a refund in process is rejectd the same way. Answers the payment status after. 409 when the bank has nothing in process for it.',
        tags: ['sandbox'],
        params: Type.Object({ paymentId: Id }),
        response: { 200: Type.Object({ status: PaymentStatus }), ...errors(404, 409) },
      },
    },
    async (request) => ({ status: await decideAtSandboxBank(app.deps, request.params.paymentId, 'reject') }),
  );
};
