// What a customer chooses for this device on the customer pages, without JavaScript: the language
// (a link of the switch) and forgetting the last bank used (a form). Each remembers in a cookie and
// sends the browser back to the page it came from, never elsewhere.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { FORGET_BANK_PATH, forgetBank } from '../picker/bank-picker.js';
import { LANGUAGE_COOKIE, LANGUAGE_PATH, LANGUAGES, rememberCookie } from './language.js';

const Back = Type.String({ maxLength: 2000, description: 'the page to go back to: a path on this service' });

/** Only a path on this service: `/…`, never `//host` or `/\host` (an open redirect). */
export function safeBack(back: string | undefined): string {
  return back && /^\/(?![/\\])/.test(back) && !/[\r\n]/.test(back) ? back : '/';
}

export const preferenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    LANGUAGE_PATH,
    {
      schema: {
        summary: 'Choose the language of the customer pages',
        description:
          'The language switch of the customer pages: remembers `lang` (en or cy) on this device (cookie `paybank_lang`) and redirects back to `back`, a path on this service.',
        tags: ['public'],
        querystring: Type.Object({
          lang: Type.Union(LANGUAGES.map((l) => Type.Literal(l))),
          back: Type.Optional(Back),
        }),
        response: { 303: { description: 'back to the page' } },
      },
    },
    async (request, reply) => {
      rememberCookie(reply, LANGUAGE_COOKIE, request.query.lang);
      return reply.header('cache-control', 'no-store').redirect(safeBack(request.query.back), 303);
    },
  );

  app.post(
    FORGET_BANK_PATH,
    {
      schema: {
        summary: 'Forget the last bank used on this device',
        description:
          "Clears the bank picker's memory of the last bank chosen (cookie `paybank_bank`) and redirects back to `back`.",
        tags: ['public'],
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object({ back: Type.Optional(Back) }),
        response: { 303: { description: 'back to the page' } },
      },
    },
    async (request, reply) => {
      forgetBank(reply);
      return reply.header('cache-control', 'no-store').redirect(safeBack(request.body.back), 303);
    },
  );
};
