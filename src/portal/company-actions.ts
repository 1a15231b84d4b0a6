// The company page's forms (issue 16, item 5): an officer's verification link copied (a new one shown
// once) or e-mailed again, and integrations created (secrets shown once) and their secrets rotated.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { companyPage } from '../domain/portal/portal-companies.service.js';
import {
  createPortalIntegration,
  type IntegrationSecret,
  officerLink,
  rotateIntegrationSecret,
} from '../domain/portal/portal-company-actions.service.js';
import { can } from '../domain/portal/portal-user.js';
import { IntegrationForm, parseIntegrationForm } from './integration-form.js';
import { requireUser, userOf } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { FORM, Form, HTML, TAGS } from './schemas.js';

const ID = '^[0-9a-f]{24}$';
const CompanyParams = Type.Object({ companyId: Type.String({ pattern: ID }) });
const OfficerParams = Type.Object({
  companyId: Type.String({ pattern: ID }),
  officerId: Type.String({ pattern: ID }),
});
const IntegrationParams = Type.Object({
  companyId: Type.String({ pattern: ID }),
  integrationId: Type.String({ pattern: ID }),
});

/** What the company page shows besides the company: links and secrets shown once, a notice, errors. */
export interface CompanyPageExtra {
  links?: Map<string, string>;
  issued?: { integrationId: string; secretKey?: string; webhookSecret?: string };
  notice?: string;
  error?: string;
  integrationForm?: Record<string, string | undefined>;
  created?: boolean;
}

export async function showCompany(
  request: FastifyRequest,
  reply: FastifyReply,
  companyId: string,
  extra: CompanyPageExtra = {},
  status = 200,
) {
  const user = userOf(request);
  const detail = await companyPage(request.server.deps, user, companyId);
  return sendPortalPage(
    request,
    reply,
    'company',
    {
      title: detail.company.name,
      ...detail,
      canOperate: can(user.role, 'operate'),
      canManageKeys: can(user.role, 'manage_keys'),
      integrationForm: {},
      ...extra,
      links: extra.links ?? new Map<string, string>(),
    },
    status,
  );
}

/** A refused action: its message on the company page (409, or 400 for bad input). */
function refusal(err: unknown): { status: number; message: string } {
  if (!(err instanceof DomainError) || !['invalid_state', 'validation_failed'].includes(err.code)) throw err;
  const fields = (err.errors ?? []).map((e) => `${e.field.replace(/^\//, '')} ${e.message}`);
  return {
    status: err.code === 'invalid_state' ? 409 : 400,
    message: fields.length > 0 ? fields.join('; ') : err.message,
  };
}

export const companyActionPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  for (const action of ['link', 'resend'] as const) {
    app.post(
      `/companies/:companyId/officers/:officerId/${action}`,
      {
        schema: {
          summary:
            action === 'link' ? "A new officer's verification link" : 'E-mail a verification link again',
          tags: TAGS,
          params: OfficerParams,
          consumes: FORM,
          body: Form({}),
          response: { 200: HTML, 403: HTML, 404: HTML, 409: HTML },
        },
        preHandler: [requireUser('operate'), app.csrfProtection],
      },
      async (request, reply) => {
        const { companyId, officerId } = request.params;
        const send = action === 'resend';
        try {
          const renewed = await officerLink(deps, userOf(request), companyId, officerId, send, request.ip);
          return showCompany(request, reply, companyId, {
            ...(send ? {} : { links: new Map([[renewed.officer.id, renewed.verificationUrl]]) }),
            notice: send
              ? `A new verification link was e-mailed to ${renewed.company.publicEmail} for ${renewed.officer.name}; the link sent before no longer works.`
              : `A new verification link for ${renewed.officer.name} is below, shown once; the link sent before no longer works.`,
          });
        } catch (err) {
          const { status, message } = refusal(err);
          return showCompany(request, reply, companyId, { error: `No link: ${message}.` }, status);
        }
      },
    );
  }

  app.post(
    '/companies/:companyId/integrations',
    {
      schema: {
        summary: 'Create an integration',
        tags: TAGS,
        params: CompanyParams,
        consumes: FORM,
        body: IntegrationForm,
        response: { 200: HTML, 400: HTML, 403: HTML, 404: HTML, 409: HTML },
      },
      preHandler: [requireUser('manage_keys'), app.csrfProtection],
    },
    async (request, reply) => {
      const { companyId } = request.params;
      const { _csrf, ...form } = request.body;
      const { input, errors } = parseIntegrationForm(request.body);
      const refuse = (status: number, message: string) =>
        showCompany(
          request,
          reply,
          companyId,
          { error: `Integration not created: ${message}.`, integrationForm: form },
          status,
        );
      if (!input)
        return refuse(
          400,
          (errors ?? []).map((e) => `${e.field.replace(/^\//, '')} ${e.message}`).join('; '),
        );
      try {
        const created = await createPortalIntegration(deps, userOf(request), companyId, input, request.ip);
        return showCompany(request, reply, companyId, {
          issued: {
            integrationId: created.integration.id,
            secretKey: created.secretKey,
            webhookSecret: created.webhookSecret,
          },
          notice: `Integration ${created.integration.name} created. Copy its secrets now: they are shown only once.`,
        });
      } catch (err) {
        if (err instanceof DomainError && err.code === 'not_found') return refuse(400, err.message);
        const { status, message } = refusal(err);
        return refuse(status, message);
      }
    },
  );

  for (const which of ['secret-key', 'webhook-secret'] as const satisfies IntegrationSecret[]) {
    app.post(
      `/companies/:companyId/integrations/:integrationId/${which}`,
      {
        schema: {
          summary:
            which === 'secret-key'
              ? "Rotate an integration's secret-key"
              : "Rotate an integration's webhook secret",
          tags: TAGS,
          params: IntegrationParams,
          consumes: FORM,
          body: Form({}),
          response: { 200: HTML, 403: HTML, 404: HTML, 409: HTML },
        },
        preHandler: [requireUser('manage_keys'), app.csrfProtection],
      },
      async (request, reply) => {
        const { companyId, integrationId } = request.params;
        try {
          const issued = await rotateIntegrationSecret(
            deps,
            userOf(request),
            companyId,
            integrationId,
            which,
            request.ip,
          );
          return showCompany(request, reply, companyId, {
            issued,
            notice:
              which === 'secret-key'
                ? 'New secret-key made, shown once below; the old one no longer works.'
                : 'New webhook secret made, shown once below; the old one also signs for 24 hours.',
          });
        } catch (err) {
          const { status, message } = refusal(err);
          return showCompany(request, reply, companyId, { error: `Not rotated: ${message}.` }, status);
        }
      },
    );
  }
};
