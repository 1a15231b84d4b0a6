// Webhooks (issue 16, item 3): the partner's webhook URL (its new signing secret shown once), a test
// event, and the delivery log of the partner and its companies' integrations, filtered, with each
// delivery's payload and attempts, and redelivery.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { listCompanies } from '../domain/companies/company.service.js';
import { DomainError } from '../domain/errors.js';
import { getDelivery, listDeliveries } from '../domain/events/delivery.service.js';
import type { DeliveryFilter, EventState } from '../domain/events/event.js';
import { getPartnerSettings } from '../domain/partners/partner-settings.service.js';
import { can } from '../domain/portal/portal-user.js';
import {
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  setWebhookUrl,
  TEST_EVENT,
} from '../domain/portal/portal-webhooks.service.js';
import { requireUser, userOf } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { FORM, Form, HTML, SEE_OTHER, TAGS } from './schemas.js';

const STATES: EventState[] = ['pending', 'delivered', 'failed', 'skipped'];
const EVENT_NAMES = [
  'payment.status_updated',
  'recurring_payment.status_updated',
  'recurring_payment.item_updated',
  'status-update',
  'reconsent-notification',
  'bank_account_status_update',
  'company_verification_status_update',
  'officer_verification_status_update',
  TEST_EVENT,
];
const PAGE_SIZE = 25;
const DATE = '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$';

const LogQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal(''), ...STATES.map((s) => Type.Literal(s))])),
  event: Type.Optional(Type.Union([Type.Literal(''), ...EVENT_NAMES.map((e) => Type.Literal(e))])),
  company: Type.Optional(Type.String({ pattern: '^([0-9a-f]{24})?$' })),
  from: Type.Optional(Type.String({ pattern: DATE })),
  to: Type.Optional(Type.String({ pattern: DATE })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});
type LogQuery = Static<typeof LogQuery>;

const DeliveryParams = Type.Object({ deliveryId: Type.String({ pattern: '^[0-9a-f]{24}$' }) });

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();

function filterOf(query: LogQuery): DeliveryFilter {
  return {
    status: query.status || undefined,
    eventName: query.event || undefined,
    companyId: query.company || undefined,
    createdFrom: query.from ? `${query.from}T00:00:00.000Z` : undefined,
    createdBefore: query.to ? nextDay(query.to) : undefined,
  };
}

export const webhookPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    query: LogQuery,
    extra: Record<string, unknown> = {},
    status = 200,
  ) {
    const user = userOf(request);
    const [settings, companies, log] = await Promise.all([
      getPartnerSettings(deps, user.partnerId),
      listCompanies(deps, user.partnerId),
      listDeliveries(
        deps,
        { partnerId: user.partnerId },
        { page: query.page ?? 1, limit: PAGE_SIZE },
        filterOf(query),
      ),
    ]);
    const names = new Map(companies.map((c) => [c.id, c.name]));
    const more = new URLSearchParams(
      Object.entries({ ...query, page: String((query.page ?? 1) + 1) }).filter(([, v]) => v) as [
        string,
        string,
      ][],
    );
    return sendPortalPage(
      request,
      reply,
      'webhooks',
      {
        title: 'Webhooks',
        webhookUrl: settings.webhookUrl,
        canManage: can(user.role, 'manage_webhooks'),
        companies,
        query,
        states: STATES,
        eventNames: EVENT_NAMES,
        deliveries: log.docs,
        companyName: (id: string) => names.get(id),
        totalDocs: log.totalDocs,
        nextPage: log.page * log.limit < log.totalDocs ? `/portal/webhooks?${more}` : undefined,
        ...extra,
      },
      status,
    );
  }

  app.get(
    '/webhooks',
    {
      schema: { summary: 'Webhooks', tags: TAGS, querystring: LogQuery, response: { 200: HTML, 400: HTML } },
      preHandler: requireUser(),
    },
    async (request, reply) => page(request, reply, request.query),
  );

  app.post(
    '/webhooks/url',
    {
      schema: {
        summary: 'Set the webhook URL',
        tags: TAGS,
        consumes: FORM,
        body: Form({ webhookUrl: Type.String({ maxLength: 2048 }) }),
        response: { 200: HTML, 400: HTML, 403: HTML },
      },
      preHandler: [requireUser('manage_webhooks'), app.csrfProtection],
    },
    async (request, reply) => {
      const url = request.body.webhookUrl.trim();
      try {
        const { webhookSecret } = await setWebhookUrl(deps, userOf(request), url || null, request.ip);
        return page(
          request,
          reply,
          {},
          { webhookSecret, notice: url ? 'Webhook URL saved.' : 'Webhook URL removed.' },
        );
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'validation_failed') throw err;
        return page(
          request,
          reply,
          {},
          { error: `The webhook URL ${err.errors?.[0]?.message ?? 'is not valid'}.` },
          400,
        );
      }
    },
  );

  app.post(
    '/webhooks/secret',
    {
      schema: {
        summary: 'Rotate the webhook signing secret',
        tags: TAGS,
        consumes: FORM,
        body: Form({}),
        response: { 200: HTML, 403: HTML, 409: HTML },
      },
      preHandler: [requireUser('manage_webhooks'), app.csrfProtection],
    },
    async (request, reply) => {
      const webhookSecret = await rotateWebhookSecret(deps, userOf(request), request.ip);
      return page(
        request,
        reply,
        {},
        {
          webhookSecret,
          notice: 'New signing secret made. For 24 hours webhooks also carry a signature with the old one.',
        },
      );
    },
  );

  app.post(
    '/webhooks/test',
    {
      schema: {
        summary: 'Send a test event',
        tags: TAGS,
        consumes: FORM,
        body: Form({}),
        response: { 200: HTML, 403: HTML, 409: HTML },
      },
      preHandler: [requireUser('manage_webhooks'), app.csrfProtection],
    },
    async (request, reply) => {
      await sendTestWebhook(deps, userOf(request), request.ip);
      return page(
        request,
        reply,
        {},
        { notice: 'Test event queued: it appears in the log below once sent.' },
      );
    },
  );

  app.get(
    '/webhooks/deliveries/:deliveryId',
    {
      schema: {
        summary: 'Webhook delivery',
        tags: TAGS,
        params: DeliveryParams,
        response: { 200: HTML, 404: HTML },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      const user = userOf(request);
      const delivery = await getDelivery(deps, { partnerId: user.partnerId }, request.params.deliveryId);
      return sendPortalPage(request, reply, 'delivery', {
        title: `Webhook ${delivery.eventName}`,
        delivery,
        payload: JSON.stringify(delivery.payload, null, 2),
        canManage: can(user.role, 'manage_webhooks'),
      });
    },
  );

  app.post(
    '/webhooks/deliveries/:deliveryId/redeliver',
    {
      schema: {
        summary: 'Redeliver a webhook',
        tags: TAGS,
        params: DeliveryParams,
        consumes: FORM,
        body: Form({}),
        response: { 303: SEE_OTHER, 403: HTML, 404: HTML, 409: HTML },
      },
      preHandler: [requireUser('manage_webhooks'), app.csrfProtection],
    },
    async (request, reply) => {
      await redeliverWebhook(deps, userOf(request), request.params.deliveryId, request.ip);
      return reply.redirect(`/portal/webhooks/deliveries/${request.params.deliveryId}`, 303);
    },
  );
};
