// The officer's verification link (API.md 6): a server-rendered page (eta, every value escaped) where
// the officer starts the identity check. The check itself is an identity-verification provider's job,
// which this project does not integrate; with SANDBOX=true the page decides it (Pass / Fail).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../context.js';
import {
  completeVerification,
  officerByLink,
  startVerification,
} from '../../domain/companies/officer-verification.service.js';
import { DomainError } from '../../domain/errors.js';
import { getPartner } from '../../domain/partners/partner.service.js';
import { sendCustomerPage } from '../payments/render.js';

const PAGE = '/public/v1/verification/:token';
const TokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });
const pageUrl = (token: string) => `/public/v1/verification/${encodeURIComponent(token)}`;

async function render(deps: Deps, reply: FastifyReply, token: string) {
  const found = await officerByLink(deps, token);
  const partner = found ? await getPartner(deps, found.company.partnerId) : undefined;
  // The link is a credential: never cached, never sent on as a referrer (helmet sets no-referrer).
  return sendCustomerPage(reply, deps.config, found ? 200 : 404, 'verification/verification', {
    found: Boolean(found),
    pageUrl: pageUrl(token),
    sandbox: deps.config.sandbox,
    officerName: found?.officer.name,
    role: found?.officer.role,
    status: found?.officer.status,
    companyName: found?.company.name,
    companyBanned: found?.company.status === 'banned',
    partnerName: partner?.name,
    startUrl: `${pageUrl(token)}/start`,
    outcomeUrl: `${pageUrl(token)}/outcome`,
  });
}

/** A repeated or stale click (the officer already moved on) just shows the page as it now is. */
async function act(action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (err) {
    if (!(err instanceof DomainError) || (err.code !== 'invalid_state' && err.code !== 'not_found'))
      throw err;
  }
}

export const verificationPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const html = { description: 'HTML page', content: { 'text/html': { schema: Type.String() } } };

  app.get(
    PAGE,
    {
      schema: {
        summary: "Officer's identity verification page",
        tags: ['public'],
        params: TokenParams,
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => render(deps, reply, request.params.token),
  );

  if (!deps.config.sandbox) return;

  // Outside the sandbox no provider can finish a check, so the page offers no action to start one.
  app.post(
    `${PAGE}/start`,
    {
      schema: {
        summary: 'Start identity verification (sandbox)',
        tags: ['public'],
        params: TokenParams,
        // The page's button posts an empty form.
        consumes: ['application/x-www-form-urlencoded'],
        response: { 303: { description: 'back to the page' } },
      },
    },
    async (request, reply) => {
      await act(() => startVerification(deps, request.params.token));
      return reply.redirect(pageUrl(request.params.token), 303);
    },
  );

  app.post(
    `${PAGE}/outcome`,
    {
      schema: {
        summary: 'Decide the identity check (sandbox)',
        tags: ['public'],
        params: TokenParams,
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object({ outcome: Type.Union([Type.Literal('pass'), Type.Literal('fail')]) }),
        response: { 303: { description: 'back to the page' } },
      },
    },
    async (request, reply) => {
      await act(() => completeVerification(deps, request.params.token, request.body.outcome));
      return reply.redirect(pageUrl(request.params.token), 303);
    },
  );
};
