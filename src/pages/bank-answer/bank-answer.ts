// The bank's hybrid-flow answer arrives in the URL fragment, which never reaches a server (API.md
// 10.2). A return path without a query serves this page; its same-origin script posts the fragment to
// the same path as a form, where it is handled as the query form would be. Nothing user-given is
// written into the page.

import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { languageOf, messagesOf } from '../i18n/language.js';

export const BANK_ANSWER_SCRIPT_PATH = '/public/v1/bank-answer.js';

/** The answer's fields, as a query or as the posted form. */
export const BankAnswer = Type.Object({
  state: Type.Optional(Type.String({ maxLength: 200 })),
  code: Type.Optional(Type.String({ maxLength: 2000 })),
  id_token: Type.Optional(Type.String({ maxLength: 8000 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 1000 })),
});

const SCRIPT = `// Posts the bank's answer (the URL fragment) to this page's own path.
(function () {
  var fragment = window.location.hash.slice(1);
  var form = document.getElementById('bank-answer');
  if (!fragment || !form) return;
  new URLSearchParams(fragment).forEach(function (value, name) {
    var input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  });
  // The code and id_token leave the address bar and the history.
  window.history.replaceState(null, '', window.location.pathname);
  form.submit();
})();
`;

const ANSWER_PAGE_POLICY =
  "default-src 'none';script-src 'self';form-action 'self' https: http:;base-uri 'none';frame-ancestors 'none'";

/** Whether a request to a return path carries no answer in its query (the fragment page is wanted). */
export function wantsAnswerPage(query: Record<string, unknown>): boolean {
  return query.state === undefined && query.code === undefined && query.error === undefined;
}

export function sendAnswerPage(reply: FastifyReply, path: string): FastifyReply {
  // The catalogue's words hold no markup or user input, so they go into the page as they are.
  const lang = languageOf(reply.request);
  const t = messagesOf(lang);
  const body = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.backFromBank}</title>
<script src="${BANK_ANSWER_SCRIPT_PATH}" defer></script></head>
<body>
<main>
<h1>${t.backFromBank}</h1>
<form id="bank-answer" method="post" action="${path}"></form>
<p>${t.readingAnswer}</p>
<noscript><p>${t.answerNeedsScript}</p></noscript>
</main>
</body>
</html>`;
  // The page holds no answer itself, but its address may: never cached. Its form's answer redirects
  // on to the merchant's site, and browsers check form-action on every hop: any http(s) destination.
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .header('content-security-policy', ANSWER_PAGE_POLICY)
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body);
}

export function bankAnswerScriptRoute(app: FastifyInstance): void {
  app.get(
    BANK_ANSWER_SCRIPT_PATH,
    {
      schema: {
        summary: 'Script of the return page: posts the bank answer from the URL fragment',
        tags: ['public'],
        response: {
          200: { description: 'JavaScript', content: { 'text/javascript': { schema: Type.String() } } },
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/javascript; charset=utf-8')
        .send(SCRIPT),
  );
}
