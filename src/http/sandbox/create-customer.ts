// Sandbox control: a new customer of the sandbox bank with funded accounts (beyond API.md 9.1, which
// seeds demo customers only), to pay from or to connect as a merchant's bank account.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { parseAmount } from '../../domain/money.js';
import { accountViewOf, createSandboxCustomer } from '../../providers/sandbox-bank/index.js';
import { Amount, errors, Id } from '../schemas.js';
import { SandboxAccount } from './list-accounts.js';

const NewAccount = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 70 })),
    sortCode: Type.Optional(Type.String({ pattern: '^[0-9]{6}$' })),
    accountNumber: Type.Optional(Type.String({ pattern: '^[0-9]{8}$' })),
    balance: Type.Optional(Amount),
  },
  { additionalProperties: false },
);

export const createCustomerControl: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/customers',
    {
      schema: {
        summary: 'Create a sandbox bank customer',
        description:
          'accounts defaults to one account holding 1000.00; an account without sortCode and accountNumber gets the sandbox sort code and a free number. 409 when a given number is taken.',
        tags: ['sandbox'],
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 70 }),
            accounts: Type.Optional(Type.Array(NewAccount, { minItems: 1, maxItems: 5 })),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            data: Type.Object({ id: Id, name: Type.String(), accounts: Type.Array(SandboxAccount) }),
          }),
          ...errors(400, 409),
        },
      },
    },
    async (request, reply) => {
      const accounts = (request.body.accounts ?? [{}]).map((a) => ({
        ...(a.name ? { name: a.name } : {}),
        ...(a.sortCode ? { sortCode: a.sortCode } : {}),
        ...(a.accountNumber ? { accountNumber: a.accountNumber } : {}),
        balance: parseAmount(a.balance ?? '1000.00'),
      }));
      const made = await createSandboxCustomer(app.deps, { name: request.body.name, accounts });
      return reply.code(201).send({
        data: { id: made.customer.id, name: made.customer.name, accounts: made.accounts.map(accountViewOf) },
      });
    },
  );
};
