// The customer's side of a recurring payment (API.md 9): the hosted page of a recurring link
// `/rp?=<token>` with its schedule, initial payment and bank choice, and the page after the bank.
// Server-rendered with the payment pages' layout, no JavaScript, every value escaped.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import type { Deps } from '../../context.js';
import { formatDate, formatMoney } from '../../domain/formats.js';
import { PAYABLE } from '../../domain/payments/payment-status.js';
import type { RecurringPayment } from '../../domain/recurring/recurring.js';
import { finalPaymentDateOf } from '../../domain/recurring/recurring-forms.js';
import { recurringLinkView, setupResultOf } from '../../domain/recurring/recurring-links.js';
import { FREQUENCY_WORDS } from '../../domain/recurring/recurring-mail.js';
import {
  completeRecurringReturn,
  initiateFromRecurringLink,
  merchantUrlOf,
  RECURRING_RESULT_PATH,
} from '../../domain/recurring/recurring-setup.service.js';
import type { AuthorisationReturn } from '../../providers/authorisation-return.js';
import { templates } from '../../templates.js';
import { brandLangOf, pageBrand } from '../brand/brand.js';
import {
  bankChoiceRoute,
  type FailureMessages,
  failureOf,
  htmlPage,
  TokenQuery,
} from '../payments/bank-choice.js';
import { linkTokenOf, pagePolicy } from '../payments/render.js';

// Rooted at src/pages so that these pages share the payment pages' layout.
const eta = templates('pages');

const html = htmlPage;
// The page shows this many dates of the schedule; the full list is the merchant's.
const SCHEDULE_SHOWN = 12;

function send(
  reply: FastifyReply,
  config: Config,
  status: number,
  page: string,
  data: Record<string, unknown>,
) {
  // The links are credentials: never cached.
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', pagePolicy(config))
    .type('text/html; charset=utf-8')
    .send(eta.render(`recurring/${page}`, data));
}

const CUSTOMER_MESSAGES: FailureMessages = {
  unauthorized: 'This link cannot be used to set up a regular payment any more.',
  bank_unavailable:
    'Your bank is not answering right now. Please try again in a moment, or choose another bank.',
  invalid_state: 'Your bank could not set up this regular payment. Please try again.',
};

const countWords = (r: RecurringPayment) =>
  r.numberOfPayments > 0 ? `${r.numberOfPayments}` : 'until you cancel it';

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
    failureOf(err, CUSTOMER_MESSAGES);
    deps.log.warn({ err }, 'standing order not set up');
    return `${RECURRING_RESULT_PATH}?state=${encodeURIComponent(back.state)}`;
  }
}

export const recurringPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const { config } = deps;

  async function recurringPage(reply: FastifyReply, token: string, status = 200, error?: string) {
    const view = await recurringLinkView(deps, token);
    if (!view) return send(reply, config, 404, 'recurring', { found: false });
    const { recurring, initialPayment } = view;
    const final = finalPaymentDateOf(recurring);
    return send(reply, config, status, 'recurring', {
      brand: await pageBrand(deps, recurring.companyId, brandLangOf(reply.request)),
      found: true,
      token,
      merchant: view.payee.displayName,
      amount: formatMoney(recurring.amountPence),
      frequency: FREQUENCY_WORDS[recurring.frequency],
      reference: recurring.reference,
      customerName: recurring.customerName,
      firstDate: formatDate(recurring.firstPaymentDate),
      finalDate: final ? formatDate(final) : null,
      count: countWords(recurring),
      initial: initialPayment
        ? {
            amount: formatMoney(initialPayment.amountPence),
            status: initialPayment.status,
            done: !PAYABLE.includes(initialPayment.status) && initialPayment.status !== 'draft',
          }
        : null,
      schedule: view.items.slice(0, SCHEDULE_SHOWN).map((item) => ({
        date: formatDate(item.expectedPaymentDate),
        amount: formatMoney(item.amountPence),
        status: item.status,
      })),
      more: recurring.numberOfPayments === 0 || view.items.length > SCHEDULE_SHOWN,
      status: recurring.status,
      settable: view.settable,
      refusal: view.refusal,
      banks: view.banks,
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
      const result = await setupResultOf(deps, request.query.state);
      if (!result) {
        return send(reply, config, 404, 'recurring-result', {
          title: 'Link not valid',
          status: 'not_found',
          tone: 'error',
          message: 'There is no regular payment behind this page.',
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
        ? {
            title: 'Regular payment set up',
            tone: 'ok',
            message: 'Your standing order is set up at your bank. Thank you.',
          }
        : result.stepStatus === 'voided'
          ? {
              title: 'Regular payment not set up',
              tone: 'error',
              message:
                'The request changed while you were at your bank, so nothing was set up and no money moved. Please check the new details and try again.',
            }
          : result.stepStatus === 'rejected'
            ? {
                title: 'Regular payment not set up',
                tone: 'error',
                message: 'It was not approved at your bank, so nothing was set up and no money moved.',
              }
            : {
                title: 'Regular payment not set up',
                tone: 'error',
                message:
                  result.step === 'initial_payment'
                    ? 'The first payment was not completed at your bank.'
                    : 'Your bank did not complete the standing order. You can try again.',
              };
      return send(reply, config, 200, 'recurring-result', {
        brand: await pageBrand(deps, recurring.companyId, brandLangOf(request)),
        ...text,
        status: recurring.status,
        amount: formatMoney(recurring.amountPence),
        frequency: FREQUENCY_WORDS[recurring.frequency],
        reference: recurring.reference,
        merchant: payee.displayName,
        // "Paid to" only once something is set up to pay it.
        payeeLabel: setUp ? 'Paid to' : 'Payee',
        continueUrl: integration?.redirect_url ? merchantUrlOf(integration.redirect_url, recurring) : null,
        retryUrl: !setUp && recurring.linkToken ? `/rp?=${recurring.linkToken}` : null,
      });
    },
  );
};
