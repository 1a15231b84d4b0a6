// Portal pages: eta templates (every value escaped) in a shared layout, never cached, each form with
// its CSRF token.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PortalUser } from '../domain/portal/portal-user.js';
import { templates } from '../templates.js';

const eta = templates('pages/portal');

export interface NavLink {
  href: string;
  label: string;
}

/** The main navigation: the same accessible names everywhere (issue 16, item 8). */
function navOf(user: PortalUser | undefined): NavLink[] {
  if (!user) return [];
  return [
    { href: '/portal', label: 'Overview' },
    { href: '/portal/companies', label: 'Companies' },
    { href: '/portal/api-keys', label: 'API keys' },
    { href: '/portal/webhooks', label: 'Webhooks' },
    { href: '/portal/settings/email', label: 'Settings' },
    { href: '/portal/audit', label: 'Audit log' },
    { href: '/portal/people', label: 'People' },
  ];
}

export function sendPortalPage(
  request: FastifyRequest,
  reply: FastifyReply,
  template: string,
  data: Record<string, unknown> & { title: string },
  status = 200,
) {
  const user = request.portal?.stage === 'signed_in' ? request.portal.user : undefined;
  const html = eta.render(template, {
    ...data,
    user,
    nav: navOf(user),
    current: request.url.split('?')[0],
    // An error raised before the portal's own hooks ran (a refused media type, say) has no cookies to
    // bind a token to; its page carries no form that needs one.
    csrf: request.cookies ? reply.generateCsrf() : '',
  });
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
