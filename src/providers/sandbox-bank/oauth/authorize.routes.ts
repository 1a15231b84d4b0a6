// GET /authorize: the customer's authorisation page (pick who pays or shares, see payee, amount and
// reference, Approve or Reject); POST /authorize: the decision, answered with a 303 back to the client's
// redirect URI carrying `code`, `id_token` and `state` (or `error`) in the fragment: the hybrid flow.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { DomainError } from '../../../domain/errors.js';
import type { BankPluginOptions } from '../ob/api-plugin.js';
import { ObError } from '../ob/errors.js';
import { approve, back, pendingConsentOf, reject } from './authorisation.js';
import { authorisationRequestOf } from './authorisation-request.js';
import { renderAuthorisation, renderAuthorisationError } from './authorize-page.js';

const Params = Type.Object(
  {
    response_type: Type.Optional(Type.String()),
    client_id: Type.Optional(Type.String()),
    redirect_uri: Type.Optional(Type.String()),
    scope: Type.Optional(Type.String()),
    state: Type.Optional(Type.String()),
    nonce: Type.Optional(Type.String()),
    request: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

const Decision = Type.Object(
  {
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    account_id: Type.Optional(Type.String()),
    customer_id: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

const html = { description: 'HTML page', content: { 'text/html': { schema: Type.String() } } };

// A bank's decision form leads, through redirects, to the client's redirect URI and from there on to
// wherever the client sends the customer (a merchant's site): browsers check form-action on every hop,
// so this page allows any http(s) destination instead of helmet's 'self'.
const PAGE_POLICY =
  "default-src 'self';base-uri 'self';form-action 'self' https: http:;frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline'";

function page(reply: FastifyReply, status: number, body: string) {
  // The page holds a live authorisation: never cached.
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_POLICY)
    .type('text/html; charset=utf-8')
    .send(body);
}

function failure(reply: FastifyReply, error: unknown) {
  if (error instanceof DomainError || error instanceof ObError) {
    const status =
      error instanceof ObError
        ? 400
        : error.code === 'not_found'
          ? 404
          : error.code === 'invalid_state'
            ? 409
            : 400;
    return page(reply, status, renderAuthorisationError('This request cannot be authorised', error.message));
  }
  throw error;
}

export const authorizeRoutes: FastifyPluginAsyncTypebox<BankPluginOptions> = async (app, { bank }) => {
  app.get(
    '/authorize',
    {
      schema: {
        summary: "Sandbox bank: the customer's authorisation page",
        tags: ['sandbox'],
        querystring: Params,
        response: { 200: html, 400: html, 404: html, 409: html },
      },
    },
    async (request, reply) => {
      try {
        const authorisation = await authorisationRequestOf(bank, request.query);
        const consent = await pendingConsentOf(bank, authorisation);
        return page(reply, 200, await renderAuthorisation(bank, authorisation, consent));
      } catch (err) {
        return failure(reply, err);
      }
    },
  );

  app.post(
    '/authorize',
    {
      schema: {
        summary: "Sandbox bank: the customer's decision (303 to the client's redirect URI)",
        tags: ['sandbox'],
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Intersect([Params, Decision]),
        response: {
          303: { description: 'Back to the client with code or error' },
          400: html,
          404: html,
          409: html,
        },
      },
    },
    async (request, reply) => {
      try {
        const body = request.body as Record<string, unknown> & {
          decision: string;
          account_id?: string;
          customer_id?: string;
        };
        const authorisation = await authorisationRequestOf(bank, body);
        const answer =
          body.decision === 'approve'
            ? await approve(bank, authorisation, {
                ...(body.account_id ? { accountId: body.account_id } : {}),
                ...(body.customer_id ? { customerId: body.customer_id } : {}),
              })
            : await reject(bank, authorisation);
        const location = back(authorisation, answer, 'fragment');
        return reply.code(303).header('cache-control', 'no-store').redirect(location, 303);
      } catch (err) {
        return failure(reply, err);
      }
    },
  );
};
