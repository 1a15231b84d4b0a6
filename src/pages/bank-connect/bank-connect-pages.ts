// The merchant's side of connecting a bank account via the bank's data API: the page where the bank is
// picked (when connect-via-app was called without a provider), and the service URL the bank sends the
// merchant back to. Server-rendered with eta, every value escaped.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BANK_PICKER_PATH,
  BANK_RETURN_PATH,
  chooseBank,
  completeConnection,
  pickerOf,
} from '../../domain/bank-accounts/bank-connection.service.js';
import { DomainError } from '../../domain/errors.js';
import { formatSortCode } from '../../domain/formats.js';
import { statusOf } from '../../http/problem.js';
import { BankAnswer, sendAnswerPage, wantsAnswerPage } from '../bank-answer/bank-answer.js';
import type { Messages } from '../i18n/en.js';
import { languageOf, messagesOf } from '../i18n/language.js';
import { sendCustomerPage } from '../payments/render.js';
import { bankPicker, FORGET_BANK_PATH, rememberBank } from '../picker/bank-picker.js';

const StateParams = Type.Object({ state: Type.String({ minLength: 1, maxLength: 100 }) });
const html = { description: 'HTML page', content: { 'text/html': { schema: Type.String() } } };

function send(reply: FastifyReply, status: number, page: string, data: Record<string, unknown>) {
  // The links are credentials: never cached (helmet already withholds the referrer). The picker's form
  // leads on to a bank's own page, which the browser checks against form-action on every redirect.
  return sendCustomerPage(reply, reply.server.deps.config, status, `bank-connect/${page}`, data);
}

/** A domain refusal shown as a page; anything else is a bug and goes to the error handler. */
function refusal(err: unknown, t: Messages): { status: number; message: string } {
  if (!(err instanceof DomainError)) throw err;
  const messages: Partial<Record<DomainError['code'], string>> = {
    not_found: t.connectInvalid,
    invalid_state: t.connectUsed,
    bank_unavailable: t.connectBankDown,
  };
  return { status: statusOf(err.code).status, message: messages[err.code] ?? err.message };
}

export const bankConnectPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const pickerPath = `${BANK_PICKER_PATH}/:state`;
  const action = (state: string) => `${BANK_PICKER_PATH}/${encodeURIComponent(state)}`;

  async function picker(reply: FastifyReply, state: string, status = 200, error?: string) {
    const t = messagesOf(languageOf(reply.request));
    const pageUrl = action(state);
    try {
      const found = await pickerOf(deps, state);
      const providers = found.banks.map((bank) => deps.banks.providers.get(bank.id) ?? bank);
      return send(reply, status, 'picker', {
        found: true,
        ...found,
        pageUrl,
        bankPicker: {
          t,
          picker: bankPicker(reply.request, providers),
          searchAction: pageUrl,
          hidden: [],
          clearUrl: pageUrl,
          chooseAction: pageUrl,
          chooseHidden: [],
          other: null,
          forgetAction: FORGET_BANK_PATH,
          back: pageUrl,
        },
        error,
      });
    } catch (err) {
      const { status: code } = refusal(err, t);
      return send(reply, code, 'picker', { found: false, open: false, banks: [], pageUrl, error });
    }
  }

  app.get(
    pickerPath,
    {
      schema: {
        summary: 'Choose the bank to connect (page)',
        tags: ['public'],
        params: StateParams,
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => picker(reply, request.params.state),
  );

  app.post(
    pickerPath,
    {
      schema: {
        summary: 'Choose the bank to connect',
        description:
          "Creates the account-access consent at the chosen bank and sends the browser to the bank's page.",
        tags: ['public'],
        params: StateParams,
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object({ provider: Type.String({ maxLength: 100 }) }),
        response: {
          303: { description: "to the bank's authorisation page" },
          400: html,
          404: html,
          409: html,
          502: html,
          503: html,
        },
      },
    },
    async (request, reply) => {
      const t = messagesOf(languageOf(request));
      if (deps.banks.providers.get(request.body.provider)?.available === false) {
        return picker(reply, request.params.state, 503, t.bankUnavailable);
      }
      try {
        const bankUrl = await chooseBank(deps, request.params.state, request.body.provider);
        rememberBank(reply, request.body.provider);
        return reply.redirect(bankUrl, 303);
      } catch (err) {
        const { status, message } = refusal(err, t);
        return picker(reply, request.params.state, status, message);
      }
    },
  );

  async function handleReturn(
    request: FastifyRequest,
    answer: Record<string, string | undefined>,
    reply: FastifyReply,
  ) {
    const t = messagesOf(languageOf(request));
    try {
      const result = await completeConnection(deps, answer);
      const title = result.outcome === 'connected' ? t.connected : t.notConnected;
      const shown =
        result.outcome === 'connected'
          ? {
              ...result,
              accounts: result.accounts.map((a) => ({ ...a, sortCode: formatSortCode(a.sortCode) })),
            }
          : result;
      return send(reply, 200, 'result', { ...shown, title });
    } catch (err) {
      const { status, message } = refusal(err, t);
      return send(reply, status, 'result', { outcome: 'error', title: t.notConnected, message });
    }
  }

  const returnDescription =
    "Where the bank sends the merchant back. The hybrid flow's answer (`code`, `id_token`, `state`, or `error`) comes in the URL fragment: without a query this serves a page whose script posts it here; the query form is handled alike. The id_token is checked before the code is used. Connects every account granted and shows the outcome.";

  app.get(
    BANK_RETURN_PATH,
    {
      schema: {
        summary: 'Return from the bank after connecting an account',
        description: returnDescription,
        tags: ['public'],
        querystring: BankAnswer,
        response: { 200: html, 400: html, 404: html, 409: html, 502: html },
      },
    },
    async (request, reply) =>
      wantsAnswerPage(request.query)
        ? sendAnswerPage(reply, BANK_RETURN_PATH)
        : handleReturn(request, request.query, reply),
  );

  app.post(
    BANK_RETURN_PATH,
    {
      schema: {
        summary: "The bank's answer posted by the return page (bank connection)",
        description: returnDescription,
        tags: ['public'],
        consumes: ['application/x-www-form-urlencoded'],
        body: BankAnswer,
        response: { 200: html, 400: html, 404: html, 409: html, 502: html },
      },
    },
    async (request, reply) => handleReturn(request, request.body, reply),
  );
};
