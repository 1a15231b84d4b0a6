// Rendering of the customer pages: eta with auto-escaping, never cached (links are credentials), in the
// customer's language, and a Content-Security-Policy that lets the bank choice form lead on to the
// banks' own pages and shows the banks' logos.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { ACCOUNT_CLOSED, MERCHANT_CLOSED } from '../../domain/payments/link-refusal.js';
import { openBankingProvidersOf } from '../../providers/bank-registry.js';
import type { ProviderInfo } from '../../providers/providers.js';
import { templates } from '../../templates.js';
import { PAGES_CSS_PATH, PAGES_SCRIPT_PATH } from '../assets/page-assets.js';
import type { Messages } from '../i18n/en.js';
import { pageLanguage } from '../i18n/language.js';
import { bankPicker, FORGET_BANK_PATH, SEARCH_PARAM } from '../picker/bank-picker.js';

// Rooted at src/pages: the payment, recurring and bank-connect pages share the bank picker partial.
const eta = templates('pages');

/** The token of `/p?=<token>` (also accepted as `?token=`, which the bank search form sends). */
export function linkTokenOf(request: FastifyRequest): string {
  const query = request.url.split('?')[1] ?? '';
  const params = new URLSearchParams(query);
  return params.get('') ?? params.get('token') ?? '';
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** helmet's policy, with the banks' authorisation pages allowed as where a form may lead. */
export function pagePolicy(config: Config): string {
  const configured = openBankingProvidersOf(config);
  const banks = configured.map((bank) => new URL(bank.endpoints.authorizationUrl ?? bank.issuer).origin);
  const formAction = ["'self'", ...new Set(banks)].join(' ');
  // Logos configured as absolute URLs are fetched from their own origins; paths are 'self'.
  const logos = configured.flatMap((bank) => (bank.logoUrl ? [originOf(bank.logoUrl)] : []));
  const imgSrc = ["'self'", 'data:', ...new Set(logos.filter((o): o is string => o !== undefined))].join(' ');
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    `form-action ${formAction}`,
    "frame-ancestors 'self'",
    `img-src ${imgSrc}`,
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
  ].join(';');
}

/** What every customer page's layout needs besides its own data: language, switch, assets. */
export function pageBasics(request: FastifyRequest, pageUrl?: string) {
  return { ...pageLanguage(request, pageUrl), cssUrl: PAGES_CSS_PATH, scriptUrl: PAGES_SCRIPT_PATH };
}

/** Renders `template` (relative to src/pages) as a customer page. */
export function sendCustomerPage(
  reply: FastifyReply,
  config: Config,
  status: number,
  template: string,
  data: Record<string, unknown>,
) {
  const pageUrl = typeof data.pageUrl === 'string' ? data.pageUrl : undefined;
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', pagePolicy(config))
    .type('text/html; charset=utf-8')
    .send(eta.render(template, { ...pageBasics(reply.request, pageUrl), ...data }));
}

export function sendPage(
  reply: FastifyReply,
  config: Config,
  status: number,
  template: string,
  data: Record<string, unknown>,
) {
  return sendCustomerPage(reply, config, status, `payments/${template}`, data);
}

/**
 * The bank picker partial's data for a link page at `path` (`/p`, `/rf`, `/rp`): the search is a GET of
 * the same page (`?token=&bank=`), the choice a POST of it.
 */
export function linkPicker(
  request: FastifyRequest,
  t: Messages,
  providers: readonly ProviderInfo[],
  path: string,
  token: string,
  other: string | null,
) {
  const pageUrl = `${path}?=${token}`;
  return {
    t,
    picker: bankPicker(request, providers),
    searchAction: path,
    hidden: [{ name: 'token', value: token }],
    clearUrl: pageUrl,
    chooseAction: path,
    chooseHidden: [{ name: 'token', value: token }],
    other,
    forgetAction: FORGET_BANK_PATH,
    back: request.method === 'GET' ? request.url : pageUrl,
    searchParam: SEARCH_PARAM,
  };
}

/** The domain's refusal of a link, in the page's language. */
export function refusalIn(t: Messages, refusal: string | null): string | null {
  if (refusal === MERCHANT_CLOSED) return t.merchantClosed;
  if (refusal === ACCOUNT_CLOSED) return t.accountClosed;
  return refusal;
}
