// The customer's side of a recurring payment (API.md 9): the hosted page of a recurring link
// `/rp?=<token>` with its schedule, initial payment and bank choice, and the page after the bank.
// Server-rendered with the payment pages' layout, no JavaScript, every value escaped.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../context.js';
import { formatDate, formatMoney } from '../../domain/formats.js';
import { PAYABLE } from '../../domain/payments/payment-status.js';
import type { RecurringPayment } from '../../domain/recurring/recurring.js';
import { finalPaymentDateOf } from '../../domain/recurring/recurring-forms.js';
import { recurringLinkView, setupResultOf } from '../../domain/recurring/recurring-links.js';
import {
  completeRecurringReturn,
  initiateFromRecurringLink,
  merchantUrlOf,
  RECURRING_RESULT_PATH,
} from '../../domain/recurring/recurring-setup.service.js';
import type { AuthorisationReturn } from '../../providers/authorisation-return.js';
import { pageBrand } from '../brand/brand.js';
import type { Messages } from '../i18n/en.js';
import { type Lang, languageOf, messagesOf } from '../i18n/language.js';
import {
  bankChoiceRoute,
  type FailureMessages,
  failureOf,
  htmlPage,
  TokenQuery,
} from '../payments/bank-choice.js';
import { linkPicker, linkTokenOf, refusalIn, sendCustomerPage } from '../payments/render.js';

const html = htmlPage;
// The page shows this many dates of the schedule; the full list is the merchant's.
const SCHEDULE_SHOWN = 12;

export const recurringStatusPath = (token: string) => `/public/v1/recurring-payments/${token}/status`;

const CUSTOMER_MESSAGES: FailureMessages = {
  unauthorized: 'recurringNoLonger',
  bank_unavailable: 'bankNotAnswering',
  invalid_state: 'recurringBankCould',
};

const countWords = (r: RecurringPayment, t: Messages) =>
  r.numberOfPayments > 0 ? `${r.numberOfPayments}` : t.untilCancelled;

/**
 * The bank's return for a standing-order authorisation, as the return route's first handler: where
 * the browser goes next, or undefined when the state is another's. A bank's refusal shows on the
 * result page (the link stays usable).
 */
export async function recurringReturnRedirect(
  deps: Deps,
  back: AuthorisationReturn,
): Promise<string | undefined> {
  try {
    return await completeRecurringReturn(deps, back);
  } catch (err) {
    failureOf(err, CUSTOMER_MESSAGES, messagesOf('en'));
    deps.log.warn({ err }, 'standing order not set up');
    return `${RECURRING_RESULT_PATH}?state=${encodeURIComponent(back.state)}`;
  }
}

export const recurringPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const { config } = deps;
  const send = (reply: FastifyReply, status: number, page: string, data: Record<string, unknown>) =>
    sendCustomerPage(reply, config, status, `recurring/${page}`, data);

  async function recurringPage(reply: FastifyReply, token: string, status = 200, error?: string) {
    const view = await recurringLinkView(deps, token);
    if (!view) return send(reply, 404, 'recurring', { found: false });
    const { recurring, initialPayment } = view;
    const lang: Lang = languageOf(reply.request);
    const t = messagesOf(lang);
    const final = finalPaymentDateOf(recurring);
    return send(reply, status, 'recurring', {
      brand: await pageBrand(deps, recurring.companyId, lang),
      found: true,
      pageUrl: `/rp?=${token}`,
      token,
      merchant: view.payee.displayName,
      amount: formatMoney(recurring.amountPence),
      frequency: t.frequency[recurring.frequency],
      reference: recurring.reference,
      customerName: recurring.customerName,
      firstDate: formatDate(recurring.firstPaymentDate, lang),
      finalDate: final ? formatDate(final, lang) : null,
      count: countWords(recurring, t),
      initial: initialPayment
        ? {
            amount: formatMoney(initialPayment.amountPence),
            status: initialPayment.status,
            done: !PAYABLE.includes(initialPayment.status) && initialPayment.status !== 'draft',
          }
        : null,
      schedule: view.items.slice(0, SCHEDULE_SHOWN).map((item) => ({
        date: formatDate(item.expectedPaymentDate, lang),
        amount: formatMoney(item.amountPence),
        status: item.status,
        statusWords: t.itemStatus[item.status],
      })),
      more: recurring.numberOfPayments === 0 || view.items.length > SCHEDULE_SHOWN,
      status: recurring.status,
      settable: view.settable,
      refusal: refusalIn(t, view.refusal),
      statusUrl: recurringStatusPath(token),
      bankPicker: linkPicker(reply.request, t, view.banks, '/rp', token, null),
      error,
    });
  }

  app.get(
    '/rp',
    {
      schema: {
        summary: 'Recurring payment page (the recurring link)',
        description:
          'The hosted page of a recurring link `/rp?=<token>`: amount, frequency, schedule, the initial payment, and the choice of bank where the customer sets up the standing order.',
        tags: ['public'],
        querystring: TokenQuery,
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => recurringPage(reply, linkTokenOf(request)),
  );

  bankChoiceRoute(app, {
    path: '/rp',
    summary: 'Set up the regular payment at the chosen bank',
    description:
      "The recurring page's form: starts the set-up at the chosen bank (the initial payment first, when there is one) and sends the browser there.",
    messages: CUSTOMER_MESSAGES,
    initiate: (token, provider) => initiateFromRecurringLink(deps, token, provider),
    page: recurringPage,
  });

  app.get(
    RECURRING_RESULT_PATH,
    {
      schema: {
        summary: 'Recurring payment result page',
        description:
          "The service's page after the bank: whether the standing order is set up, and a link on to the merchant's redirect URL.",
        tags: ['public'],
        querystring: Type.Object({ state: Type.String({ maxLength: 200 }) }),
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => {
      const t = messagesOf(languageOf(request));
      const result = await setupResultOf(deps, request.query.state);
      if (!result) {
        return send(reply, 404, 'recurring-result', {
          title: t.linkNotValid,
          status: 'not_found',
          tone: 'error',
          message: t.noRecurringBehind,
        });
      }
      const { recurring, payee } = result;
      const setUp = recurring.status === 'active' || recurring.status === 'completed';
      const integration = await deps.db
        .selectFrom('integrations')
        .select('redirect_url')
        .where('id', '=', recurring.integrationId)
        .executeTakeFirst();
      const text = setUp
        ? { title: t.recurringSetUp, tone: 'ok', message: t.recurringSetUpText }
        : {
            title: t.recurringNotSetUp,
            tone: 'error',
            message:
              result.stepStatus === 'voided'
                ? t.recurringVoidedText
                : result.stepStatus === 'rejected'
                  ? t.recurringRejectedText
                  : result.step === 'initial_payment'
                    ? t.recurringInitialFailedText
                    : t.recurringOrderFailedText,
          };
      return send(reply, 200, 'recurring-result', {
        brand: await pageBrand(deps, recurring.companyId, languageOf(request)),
        ...text,
        status: recurring.status,
        amount: formatMoney(recurring.amountPence),
        frequency: t.frequency[recurring.frequency],
        reference: recurring.reference,
        merchant: payee.displayName,
        // "Paid to" only once something is set up to pay it.
        payeeLabel: setUp ? t.paidTo : t.payee,
        continueUrl: integration?.redirect_url ? merchantUrlOf(integration.redirect_url, recurring) : null,
        retryUrl: !setUp && recurring.linkToken ? `/rp?=${recurring.linkToken}` : null,
      });
    },
  );
};
