// The customer's side of a payment (API.md 9): the hosted page of a payment link `/p?=<token>` with
// the bank choice, the manual-transfer page, the merchant's refund page `/rf?=<token>`, the bank's
// return `/public/v1/return`, and the result page. Server-rendered, no JavaScript, every value escaped.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatDate, formatMoney, formatSortCode } from '../../domain/formats.js';
import { RETURN_HANDLERS, type ReturnOutcome } from '../../domain/payments/bank-return.service.js';
import {
  initiateFromPaymentLink,
  initiateFromRefundLink,
  RETURN_PATH,
  TRANSFER_PAGE_PATH,
} from '../../domain/payments/initiation.service.js';
import { overdueFrom } from '../../domain/payments/overdue-job.js';
import { paymentLinkView, refundLinkView } from '../../domain/payments/payment-links.js';
import { redirectAfterBank } from '../../domain/payments/payment-redirect.js';
import { continueAfterInitialPayment } from '../../domain/recurring/recurring-setup.service.js';
import { authorisationReturnOf } from '../../providers/authorisation-return.js';
import { BankAnswer, sendAnswerPage, wantsAnswerPage } from '../bank-answer/bank-answer.js';
import { pageBrand, pageBrandOfState } from '../brand/brand.js';
import { languageOf, messagesOf } from '../i18n/language.js';
import { recurringReturnRedirect } from '../recurring/recurring-pages.js';
import { bankChoiceRoute, type FailureMessages, failureOf, htmlPage, TokenQuery } from './bank-choice.js';
import { linkPicker, linkTokenOf, refusalIn, sendPage } from './render.js';
import { resultPageOf } from './result-page.js';

export const RESULT_PATH = '/public/v1/result';

const html = htmlPage;

const PAYER_MESSAGES: FailureMessages = {
  unauthorized: 'linkNoLonger',
  bank_unavailable: 'bankNotAnswering',
  invalid_state: 'bankCouldNotPay',
};

export const paymentStatusPath = (token: string) => `/public/v1/payments/${token}/status`;

export const paymentPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const { config } = deps;

  async function paymentPage(reply: FastifyReply, token: string, status = 200, error?: string) {
    const view = await paymentLinkView(deps, token);
    if (!view) return sendPage(reply, config, 404, 'payment', { found: false });
    const { payment } = view;
    const lang = languageOf(reply.request);
    const t = messagesOf(lang);
    return sendPage(reply, config, status, 'payment', {
      brand: await pageBrand(deps, payment.companyId, languageOf(reply.request)),
      found: true,
      pageUrl: `/p?=${token}`,
      token,
      merchant: view.merchant.displayName,
      amount: formatMoney(payment.amountPence),
      reference: payment.invoiceRefNumber,
      customerName: payment.customerName,
      dueDate: payment.dueDate ? formatDate(payment.dueDate, lang) : null,
      // Past its due date (the overdue job may not have run yet): the page says so next to the date.
      overdue:
        payment.status === 'overdue' ||
        (payment.dueDate !== null &&
          view.payable &&
          overdueFrom(payment.dueDate) <= deps.clock.now().getTime()),
      status: payment.status,
      payable: view.payable,
      refusal: refusalIn(t, view.refusal),
      mobile: payment.type === 'mobile',
      showQr: payment.type === 'qr',
      // A link opened on a large screen offers its QR code, to pay on the phone (CSS hides it on phones).
      phoneQr: payment.type === 'link',
      qrUrl: `/public/v1/qr/${token}.svg`,
      statusUrl: paymentStatusPath(token),
      bankPicker: linkPicker(reply.request, t, view.banks, '/p', token, t.otherBank),
      error,
    });
  }

  async function refundPage(reply: FastifyReply, token: string, status = 200, error?: string) {
    const view = await refundLinkView(deps, token);
    if (!view) return sendPage(reply, config, 404, 'refund', { found: false });
    const { payment, refund } = view;
    const t = messagesOf(languageOf(reply.request));
    return sendPage(reply, config, status, 'refund', {
      brand: await pageBrand(deps, payment.companyId, languageOf(reply.request), 'refund'),
      found: true,
      pageUrl: `/rf?=${token}`,
      token,
      merchant: view.merchant.displayName,
      amount: formatMoney(refund.amountPence),
      paid: formatMoney(payment.amountPence),
      reference: payment.invoiceRefNumber,
      payeeName: refund.payee.name,
      payeeSortCode: formatSortCode(refund.payee.identification),
      payeeAccountNumber: refund.payee.externalAccountId,
      payable: view.payable,
      refundStatus: refund.status,
      bankPicker: linkPicker(reply.request, t, view.banks, '/rf', token, null),
      error,
    });
  }

  app.get(
    '/p',
    {
      schema: {
        summary: 'Payment page (the payment link)',
        description:
          'The hosted page of a payment link `/p?=<token>`: amount, merchant, reference and the choice of bank.',
        tags: ['public'],
        querystring: TokenQuery,
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => paymentPage(reply, linkTokenOf(request)),
  );

  bankChoiceRoute(app, {
    path: '/p',
    summary: 'Pay from the chosen bank',
    description:
      "The payment page's form: starts the payment at the chosen bank and sends the browser there.",
    messages: PAYER_MESSAGES,
    initiate: (token, provider) => initiateFromPaymentLink(deps, token, provider),
    page: paymentPage,
  });

  app.get(
    TRANSFER_PAGE_PATH,
    {
      schema: {
        summary: 'Manual bank transfer page',
        description:
          "The merchant's account details and the reference, for paying a link from a bank without payment initiation (`other`).",
        tags: ['public'],
        querystring: TokenQuery,
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => {
      const token = linkTokenOf(request);
      const view = await paymentLinkView(deps, token);
      if (!view) return sendPage(reply, config, 404, 'transfer', { found: false });
      return sendPage(reply, config, 200, 'transfer', {
        brand: await pageBrand(deps, view.payment.companyId, languageOf(request)),
        found: true,
        payable: view.payable,
        merchant: view.merchant.displayName,
        amount: formatMoney(view.payment.amountPence),
        accountName: view.merchant.account.name,
        sortCode: formatSortCode(view.merchant.account.sortCode),
        accountNumber: view.merchant.account.accountNumber,
        reference: view.payment.invoiceRefNumber,
        backUrl: `/p?=${token}`,
      });
    },
  );

  app.get(
    '/rf',
    {
      schema: {
        summary: 'Refund page (the refund link)',
        description:
          'Where the merchant authorises a refund `/rf?=<token>` at its bank: the payment is made out of its account.',
        tags: ['public'],
        querystring: TokenQuery,
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => refundPage(reply, linkTokenOf(request)),
  );

  bankChoiceRoute(app, {
    path: '/rf',
    summary: 'Authorise the refund at the chosen bank',
    messages: PAYER_MESSAGES,
    initiate: (token, provider) => initiateFromRefundLink(deps, token, provider),
    page: refundPage,
  });

  /** The bank's answer, from the query or the form the return page posts: the same handling. */
  async function handleReturn(
    request: FastifyRequest,
    answer: Record<string, string | undefined>,
    reply: FastifyReply,
  ) {
    const t = messagesOf(languageOf(request));
    const back = authorisationReturnOf(answer);
    const notFound = {
      title: t.linkNotValid,
      status: 'not_found',
      tone: 'error',
      message: t.answerNotOurs,
    };
    if (!back)
      return sendPage(reply, config, 400, 'result', {
        ...notFound,
        message: t.answerIncomplete,
      });
    // A standing-order authorisation of a recurring payment (its own state) is the recurring module's.
    const recurringNext = await recurringReturnRedirect(deps, back);
    if (recurringNext) return reply.redirect(recurringNext, 303);
    let outcome: ReturnOutcome | undefined;
    try {
      for (const handler of RETURN_HANDLERS) {
        outcome = await handler(deps, back);
        if (outcome) break;
      }
    } catch (err) {
      const failure = failureOf(err, PAYER_MESSAGES, t);
      const page = await resultPageOf(deps, back.state, t);
      return sendPage(reply, config, failure.status, 'result', {
        brand: await pageBrandOfState(deps, back.state, languageOf(reply.request)),
        ...page,
        tone: 'error',
        message: failure.message,
      });
    }
    if (!outcome) return sendPage(reply, config, 404, 'result', notFound);
    const { attempt, payment } = outcome;
    // A recurring payment's initial payment leads on to its standing order at the bank.
    if (attempt.kind === 'payment' && payment?.recurringPaymentId) {
      return reply.redirect(await continueAfterInitialPayment(deps, payment, attempt), 303);
    }
    if (attempt.kind === 'payment' && payment) {
      const redirect = await redirectAfterBank(deps, payment);
      if (!redirect.viaServicePage && redirect.url) return reply.redirect(redirect.url, 303);
    }
    return reply.redirect(`${RESULT_PATH}?state=${encodeURIComponent(back.state)}`, 303);
  }

  const returnDescription =
    "Where the bank sends the payer back. The hybrid flow's answer (`code`, `id_token`, `state`, or `error`) comes in the URL fragment: without a query this serves a page whose script posts it here; the query form is handled alike. The id_token is checked before the code is used; a failed check counts as a rejection. Then submits the payment and redirects: to the service's result page when the integration has servicePaymentPageRedirectEnabled (or no redirect URL is set), else straight to the payment's customRedirectUrl or the integration's redirectUrl with `?paymentId=&status=`.";

  app.get(
    RETURN_PATH,
    {
      schema: {
        summary: 'Return from the bank after a payment or refund authorisation',
        description: returnDescription,
        tags: ['public'],
        querystring: BankAnswer,
        response: {
          200: html,
          303: { description: 'to the result page or the merchant' },
          400: html,
          404: html,
          409: html,
          502: html,
        },
      },
    },
    async (request, reply) =>
      wantsAnswerPage(request.query)
        ? sendAnswerPage(reply, RETURN_PATH)
        : handleReturn(request, request.query, reply),
  );

  app.post(
    RETURN_PATH,
    {
      schema: {
        summary: "The bank's answer posted by the return page",
        description: returnDescription,
        tags: ['public'],
        consumes: ['application/x-www-form-urlencoded'],
        body: BankAnswer,
        response: {
          303: { description: 'to the result page or the merchant' },
          400: html,
          404: html,
          409: html,
          502: html,
        },
      },
    },
    async (request, reply) => handleReturn(request, request.body, reply),
  );

  app.get(
    RESULT_PATH,
    {
      schema: {
        summary: 'Payment result page',
        description:
          "The service's page after the bank: the outcome, and a link on to the merchant's redirect URL.",
        tags: ['public'],
        querystring: Type.Object({ state: Type.String({ maxLength: 200 }) }),
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => {
      const page = await resultPageOf(deps, request.query.state, messagesOf(languageOf(request)));
      return sendPage(reply, config, page.status === 'not_found' ? 404 : 200, 'result', {
        brand: await pageBrandOfState(deps, request.query.state, languageOf(request)),
        ...page,
      });
    },
  );
};
