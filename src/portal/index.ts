// The partner portal at /portal (issue 16): server-rendered pages for the people who run a partner's
// business. Sign-ins live in the database behind an HttpOnly cookie; every form carries a CSRF token.
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../domain/portal/sign-in.service.js';
import { accountPages } from './account.js';
import { apiKeyPages } from './api-keys.js';
import { portalAssets } from './assets.js';
import { auditPage } from './audit.js';
import { brandingPages } from './branding.js';
import { companyPages } from './companies.js';
import { companyActionPages } from './company-actions.js';
import { sessionCookie } from './cookies.js';
import { emailSettingsPages } from './email-settings.js';
import { registerPortalErrors } from './errors.js';
import { invitationPages } from './invitation.js';
import { overviewPage } from './overview.js';
import { passwordResetPages } from './password-reset.js';
import { paymentPages } from './payments.js';
import { peoplePages } from './people.js';
import { recurringPages } from './recurring.js';
import { signInPages } from './sign-in.js';
import { transactionPages } from './transactions.js';
import { webhookPages } from './webhooks.js';

export const portalRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const { name, options } = sessionCookie(deps.config);
  await app.register(cookie);
  await app.register(csrf, {
    cookieKey: options.secure ? '__Host-pb_csrf' : 'pb_csrf',
    cookieOpts: { ...options },
    getToken: (request) => (request.body as { _csrf?: string } | undefined)?._csrf,
  });
  app.decorateRequest('portal', undefined);
  app.addHook('onRequest', async (request) => {
    request.portal = await sessionOf(deps, request.cookies[name]);
  });
  registerPortalErrors(app);

  await app.register(portalAssets);
  await app.register(signInPages);
  await app.register(invitationPages);
  await app.register(passwordResetPages);
  await app.register(accountPages);
  await app.register(overviewPage);
  await app.register(peoplePages);
  await app.register(companyPages);
  await app.register(companyActionPages);
  await app.register(paymentPages);
  await app.register(recurringPages);
  await app.register(transactionPages);
  await app.register(apiKeyPages);
  await app.register(webhookPages);
  await app.register(emailSettingsPages);
  await app.register(auditPage);
  await app.register(brandingPages);
};
