// A company's payments (issue 16, item 5): the list, and each payment's page with its history timeline,
// its webhook deliveries, and Refund and Cancel buttons calling the API's own domain functions.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { formatAmount } from '../domain/money.js';
import { PAYMENT_STATUSES } from '../domain/payments/payment.js';
import { portalCompany } from '../domain/portal/portal-companies.service.js';
import {
  cancelFromPortal,
  companyPayments,
  paymentPage,
  refundFromPortal,
} from '../domain/portal/portal-payments.service.js';
import { can } from '../domain/portal/portal-user.js';
import { transactionsCsv } from '../domain/portal/transactions-csv.js';
import { filterOf, listQuery, pageUrl } from './list-filter.js';
import { requireUser, userOf } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { FORM, Form, HTML, SEE_OTHER, TAGS } from './schemas.js';

const ID = '^[0-9a-f]{24}$';
const CompanyParams = Type.Object({ companyId: Type.String({ pattern: ID }) });
const PaymentParams = Type.Object({
  companyId: Type.String({ pattern: ID }),
  paymentId: Type.String({ pattern: ID }),
});
const PAGE_SIZE = 25;
const PaymentsQuery = listQuery(PAYMENT_STATUSES);

export const paymentPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  async function showPayment(
    request: FastifyRequest,
    reply: FastifyReply,
    companyId: string,
    paymentId: string,
    extra: Record<string, unknown> = {},
    status = 200,
  ) {
    const user = userOf(request);
    const [company, detail] = await Promise.all([
      portalCompany(deps, user, companyId),
      paymentPage(deps, user, companyId, paymentId),
    ]);
    return sendPortalPage(
      request,
      reply,
      'payment',
      {
        title: `Payment ${detail.payment.invoiceRefNumber}`,
        company,
        ...detail,
        amount: formatAmount(detail.payment.amountPence),
        refunded: formatAmount(detail.payment.refundedPence),
        canOperate: can(user.role, 'operate'),
        base: `/portal/companies/${company.id}/payments/${detail.payment.id}`,
        ...extra,
      },
      status,
    );
  }

  app.get(
    '/companies/:companyId/payments',
    {
      schema: {
        summary: 'Payments of a company',
        tags: TAGS,
        params: CompanyParams,
        querystring: PaymentsQuery,
        response: { 200: HTML, 400: HTML, 404: HTML },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      const user = userOf(request);
      const { query } = request;
      const page = query.page ?? 1;
      const company = await portalCompany(deps, user, request.params.companyId);
      const payments = await companyPayments(deps, user, company.id, filterOf(query), {
        page,
        limit: PAGE_SIZE,
      });
      const path = `/portal/companies/${company.id}/payments`;
      return sendPortalPage(request, reply, 'payments', {
        title: `Payments of ${company.name}`,
        company,
        query,
        statuses: PAYMENT_STATUSES,
        payments: payments.docs.map((p) => ({ ...p, amount: formatAmount(p.amountPence) })),
        totalDocs: payments.totalDocs,
        nextPage: page * PAGE_SIZE < payments.totalDocs ? pageUrl(path, query, page + 1) : undefined,
      });
    },
  );

  app.get(
    '/companies/:companyId/payments/:paymentId',
    {
      schema: { summary: 'Payment', tags: TAGS, params: PaymentParams, response: { 200: HTML, 404: HTML } },
      preHandler: requireUser(),
    },
    async (request, reply) => showPayment(request, reply, request.params.companyId, request.params.paymentId),
  );

  app.post(
    '/companies/:companyId/payments/:paymentId/refund',
    {
      schema: {
        summary: 'Refund a payment',
        tags: TAGS,
        params: PaymentParams,
        consumes: FORM,
        body: Form({ amount: Type.Optional(Type.String({ maxLength: 20 })) }),
        response: { 303: SEE_OTHER, 400: HTML, 403: HTML, 404: HTML, 409: HTML },
      },
      preHandler: [requireUser('operate'), app.csrfProtection],
    },
    async (request, reply) => {
      const { companyId, paymentId } = request.params;
      try {
        const amount = request.body.amount?.trim() || undefined;
        await refundFromPortal(deps, userOf(request), companyId, paymentId, amount, request.ip);
      } catch (err) {
        if (!(err instanceof DomainError) || !['validation_failed', 'invalid_state'].includes(err.code))
          throw err;
        const status = err.code === 'invalid_state' ? 409 : 400;
        return showPayment(
          request,
          reply,
          companyId,
          paymentId,
          { error: `Not refunded: ${err.message}.` },
          status,
        );
      }
      return reply.redirect(`/portal/companies/${companyId}/payments/${paymentId}`, 303);
    },
  );

  app.post(
    '/companies/:companyId/payments/:paymentId/cancel',
    {
      schema: {
        summary: 'Cancel a payment',
        tags: TAGS,
        params: PaymentParams,
        consumes: FORM,
        body: Form({}),
        response: { 303: SEE_OTHER, 403: HTML, 404: HTML, 409: HTML },
      },
      preHandler: [requireUser('operate'), app.csrfProtection],
    },
    async (request, reply) => {
      const { companyId, paymentId } = request.params;
      try {
        await cancelFromPortal(deps, userOf(request), companyId, paymentId, request.ip);
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'invalid_state') throw err;
        return showPayment(
          request,
          reply,
          companyId,
          paymentId,
          { error: `Not cancelled: ${err.message}.` },
          409,
        );
      }
      return reply.redirect(`/portal/companies/${companyId}/payments/${paymentId}`, 303);
    },
  );

  app.get(
    '/companies/:companyId/transactions.csv',
    {
      schema: {
        summary: "A company's transactions as CSV",
        tags: TAGS,
        params: CompanyParams,
        response: {
          200: { description: 'CSV', content: { 'text/csv': { schema: Type.String() } } },
          404: HTML,
        },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      const csv = await transactionsCsv(deps, userOf(request), request.params.companyId);
      // Streamed (the document's string schema describes the body; a stream is not serialised).
      const streaming: FastifyReply = reply;
      return streaming
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="transactions-${request.params.companyId}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(Readable.from(csv));
    },
  );
};
