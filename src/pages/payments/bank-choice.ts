// The bank-choice form shared by the customer's pages (`/p`, `/rf`, `/rp`): the posted choice starts
// the authorisation at that bank and sends the browser there; a failure shows the page again.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { DomainError, type ErrorCode } from '../../domain/errors.js';
import { statusOf } from '../../http/problem.js';
import type { Messages } from '../i18n/en.js';
import { languageOf, messagesOf } from '../i18n/language.js';
import { rememberBank } from '../picker/bank-picker.js';

export const htmlPage = { description: 'HTML page', content: { 'text/html': { schema: Type.String() } } };
export const TokenQuery = Type.Object(
  {},
  { additionalProperties: Type.String(), description: '`?=<token>`: the token of the link' },
);
const ChoiceBody = Type.Object({
  token: Type.String({ maxLength: 200 }),
  provider: Type.String({ maxLength: 100 }),
});

/** The catalogue's keys whose words take no argument. */
export type TextKey = { [K in keyof Messages]: Messages[K] extends string ? K : never }[keyof Messages];
export type FailureMessages = Partial<Record<ErrorCode, TextKey>>;

/** What the payer is told when a step fails; the page stays usable for another try. */
export function failureOf(
  err: unknown,
  messages: FailureMessages,
  t: Messages,
): { status: number; message: string } {
  if (!(err instanceof DomainError)) throw err;
  const key = messages[err.code];
  return { status: statusOf(err.code).status, message: key ? t[key] : err.message };
}

type App = Parameters<FastifyPluginAsyncTypebox>[0];

export function bankChoiceRoute(
  app: App,
  options: {
    path: string;
    summary: string;
    description?: string;
    messages: FailureMessages;
    initiate: (token: string, provider: string) => Promise<{ authorizationUrl: string }>;
    page: (reply: FastifyReply, token: string, status: number, message: string) => unknown;
  },
): void {
  app.post(
    options.path,
    {
      schema: {
        summary: options.summary,
        ...(options.description ? { description: options.description } : {}),
        tags: ['public'],
        consumes: ['application/x-www-form-urlencoded'],
        body: ChoiceBody,
        response: {
          303: { description: "to the bank's authorisation page" },
          400: htmlPage,
          401: htmlPage,
          403: htmlPage,
          404: htmlPage,
          502: htmlPage,
          503: htmlPage,
        },
      },
    },
    async (request, reply) => {
      const { token, provider } = request.body;
      const t = messagesOf(languageOf(request));
      // A bank configured as out of service is shown but not offered: a forged choice of it is refused.
      if (app.deps.banks.providers.get(provider)?.available === false) {
        return options.page(reply, token, 503, t.bankUnavailable);
      }
      try {
        const { authorizationUrl } = await options.initiate(token, provider);
        rememberBank(reply, provider);
        return reply.redirect(authorizationUrl, 303);
      } catch (err) {
        const failure = failureOf(err, options.messages, t);
        return options.page(reply, token, failure.status, failure.message);
      }
    },
  );
}
