// Which language a customer page speaks (API.md 9): the customer's choice from the page's switch,
// remembered in a cookie, else the browser's Accept-Language, else English.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cy } from './cy.js';
import { en, type Messages } from './en.js';

export const LANGUAGES = ['en', 'cy'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const LANGUAGE_COOKIE = 'paybank_lang';
export const LANGUAGE_PATH = '/public/v1/language';

const CATALOGUES: Record<Lang, Messages> = { en, cy };

export function messagesOf(lang: Lang): Messages {
  return CATALOGUES[lang];
}

const isLang = (value: string | undefined): value is Lang =>
  value !== undefined && (LANGUAGES as readonly string[]).includes(value);

/** One cookie of the request, read without a cookie plugin (the portal registers its own). */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The best of en and cy in an Accept-Language header by its q-values; undefined if neither. */
export function languageOfHeader(header: string | undefined): Lang | undefined {
  let best: { lang: Lang; q: number } | undefined;
  for (const item of (header ?? '').split(',')) {
    const [range = '', ...params] = item.trim().toLowerCase().split(';');
    const primary = range.split('-')[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!isLang(primary) || !(q > 0)) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang;
}

export function languageOf(request: FastifyRequest): Lang {
  const chosen = cookieOf(request, LANGUAGE_COOKIE);
  if (isLang(chosen)) return chosen;
  return languageOfHeader(request.headers['accept-language']) ?? 'en';
}

/** What every customer page template gets: its words, its language and the switch to the other. */
export function pageLanguage(request: FastifyRequest, pageUrl?: string) {
  const lang = languageOf(request);
  const other: Lang = lang === 'en' ? 'cy' : 'en';
  // A page shown after a failed POST goes back to its GET address.
  const back = pageUrl ?? request.url;
  return {
    lang,
    t: messagesOf(lang),
    switchUrl: `${LANGUAGE_PATH}?lang=${other}&back=${encodeURIComponent(back)}`,
    switchLang: other,
  };
}

export type PageLanguage = ReturnType<typeof pageLanguage>;

/** A `Set-Cookie` value remembering a choice on this device for a year; never read by scripts. */
export function rememberCookie(reply: FastifyReply, name: string, value: string | null): void {
  const attributes = 'Path=/; SameSite=Lax; HttpOnly';
  const cookie =
    value === null
      ? `${name}=; Max-Age=0; ${attributes}`
      : `${name}=${encodeURIComponent(value)}; Max-Age=31536000; ${attributes}`;
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  reply.header('set-cookie', [...list, cookie]);
}
