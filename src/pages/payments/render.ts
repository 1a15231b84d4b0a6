// Rendering of the hosted payment pages: eta with auto-escaping, never cached (links are credentials),
// and a Content-Security-Policy that lets the bank choice form lead on to the banks' own pages.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { openBankingProvidersOf } from '../../providers/bank-registry.js';
import { templates } from '../../templates.js';

const eta = templates('pages/payments');

/** The token of `/p?=<token>` (also accepted as `?token=`). */
export function linkTokenOf(request: FastifyRequest): string {
  const query = request.url.split('?')[1] ?? '';
  const params = new URLSearchParams(query);
  return params.get('') ?? params.get('token') ?? '';
}

/** helmet's policy, with the banks' authorisation pages allowed as where a form may lead. */
export function pagePolicy(config: Config): string {
  const banks = openBankingProvidersOf(config).map(
    (bank) => new URL(bank.endpoints.authorizationUrl ?? bank.issuer).origin,
  );
  const formAction = ["'self'", ...new Set(banks)].join(' ');
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    `form-action ${formAction}`,
    "frame-ancestors 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
  ].join(';');
}

export function sendPage(
  reply: FastifyReply,
  config: Config,
  status: number,
  template: string,
  data: Record<string, unknown>,
) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', pagePolicy(config))
    .type('text/html; charset=utf-8')
    .send(eta.render(template, data));
}
