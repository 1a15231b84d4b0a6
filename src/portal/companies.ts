// Companies (issue 16, item 5): the list with status and verification progress, search by name or
// identifier, creation (the API's rules and code path), and each company's page: officers, bank
// accounts and integrations.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { createPortalCompany, searchCompanies } from '../domain/portal/portal-companies.service.js';
import { can } from '../domain/portal/portal-user.js';
import { showCompany } from './company-actions.js';
import { CompanyForm, type CompanyFormBody, parseCompanyForm } from './company-form.js';
import { requireUser, userOf } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { FORM, HTML, TAGS } from './schemas.js';

const PAGE_SIZE = 25;
const ListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});
const CompanyParams = Type.Object({ companyId: Type.String({ pattern: '^[0-9a-f]{24}$' }) });

export const companyPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  async function listPage(
    request: FastifyRequest,
    reply: FastifyReply,
    query: { q?: string | undefined; page?: number | undefined },
    extra: Record<string, unknown> = {},
    status = 200,
  ) {
    const user = userOf(request);
    const page = query.page ?? 1;
    const found = await searchCompanies(deps, user, query.q ?? '', { page, limit: PAGE_SIZE });
    const next = new URLSearchParams({ ...(query.q ? { q: query.q } : {}), page: String(page + 1) });
    return sendPortalPage(
      request,
      reply,
      'companies',
      {
        title: 'Companies',
        rows: found.docs,
        totalDocs: found.totalDocs,
        q: query.q ?? '',
        nextPage: page * PAGE_SIZE < found.totalDocs ? `/portal/companies?${next}` : undefined,
        canCreate: can(user.role, 'operate'),
        form: {},
        ...extra,
      },
      status,
    );
  }

  app.get(
    '/companies',
    {
      schema: {
        summary: 'Companies',
        tags: TAGS,
        querystring: ListQuery,
        response: { 200: HTML, 400: HTML },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => listPage(request, reply, request.query),
  );

  app.post(
    '/companies',
    {
      schema: {
        summary: 'Create a company',
        tags: TAGS,
        consumes: FORM,
        body: CompanyForm,
        response: { 200: HTML, 400: HTML, 403: HTML },
      },
      preHandler: [requireUser('operate'), app.csrfProtection],
    },
    async (request, reply) => {
      const form: CompanyFormBody = request.body;
      const { input, errors } = parseCompanyForm(form);
      const refuse = (list: Array<{ field: string; message: string }>) =>
        listPage(
          request,
          reply,
          {},
          { form, errors: list.map((e) => `${e.field.replace(/^\//, '')} ${e.message}`) },
          400,
        );
      if (!input) return refuse(errors ?? []);
      try {
        const onboarded = await createPortalCompany(deps, userOf(request), input, request.ip);
        const links = new Map(
          onboarded.officers.flatMap((o) => (o.verificationUrl ? [[o.officer.id, o.verificationUrl]] : [])),
        );
        return showCompany(request, reply, onboarded.company.id, { links, created: true });
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'validation_failed') throw err;
        return refuse(err.errors ?? [{ field: '/', message: err.message }]);
      }
    },
  );

  app.get(
    '/companies/:companyId',
    {
      schema: { summary: 'Company', tags: TAGS, params: CompanyParams, response: { 200: HTML, 404: HTML } },
      preHandler: requireUser(),
    },
    async (request, reply) => showCompany(request, reply, request.params.companyId),
  );
};
