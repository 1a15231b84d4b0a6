// Sandbox control (API.md 9.1): the sandbox bank's ledger of accounts and balances.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listSandboxAccounts } from '../../providers/sandbox-bank/index.js';
import { Amount, errors, Id } from '../schemas.js';

export const SandboxAccount = Type.Object({
  id: Id,
  customerId: Id,
  name: Type.String(),
  sortCode: Type.String({ pattern: '^[0-9]{6}$' }),
  accountNumber: Type.String({ pattern: '^[0-9]{8}$' }),
  balance: Amount,
});

export const listAccountsControl: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/accounts',
    {
      schema: {
        summary: "List the sandbox bank's accounts",
        description:
          'Every account of the sandbox bank with its balance. A credit to a sort code and account number the sandbox bank does not hold opens that account.',
        tags: ['sandbox'],
        response: { 200: Type.Object({ data: Type.Array(SandboxAccount) }), ...errors() },
      },
    },
    async () => ({ data: await listSandboxAccounts(app.deps) }),
  );
};
