// The bank picker of the customer pages (issue 17 item 1): each bank's name and logo (or an initials
// badge), a search that works as a plain GET and filters as you type, banks configured as out of
// service shown but not offered, and the last bank chosen on this device first (a cookie).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProviderInfo } from '../../providers/providers.js';
import { cookieOf, rememberCookie } from '../i18n/language.js';

export const LAST_BANK_COOKIE = 'paybank_bank';
export const FORGET_BANK_PATH = '/public/v1/last-bank/forget';
/** The search field's name in the page's own GET form. */
export const SEARCH_PARAM = 'bank';

export interface PickerBank {
  id: string;
  name: string;
  logoUrl: string | null;
  initials: string;
  /** One of a few dark badge colours (white text on each passes WCAG AA), fixed per bank. */
  badge: number;
  available: boolean;
  lastUsed: boolean;
}

export interface BankPicker {
  banks: PickerBank[];
  query: string;
  /** Banks before the search: 0 means none is configured. */
  total: number;
  lastBank: PickerBank | null;
}

const BADGES = 6;

/** "Sandbox Bank" as "SB", "Monzo" as "M": the first letters of the first two words. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s&-]+/u).filter((w) => /\p{L}|\p{N}/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0]?.toUpperCase() ?? '')
    .join('');
}

const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

function badgeOf(id: string): number {
  let sum = 0;
  for (const char of id) sum = (sum * 31 + char.charCodeAt(0)) % 997;
  return sum % BADGES;
}

/** The search typed in the page's GET form (`?bank=`), trimmed and bounded. */
export function searchOf(request: FastifyRequest): string {
  if (request.method !== 'GET') return '';
  const params = new URLSearchParams(request.url.split('?')[1] ?? '');
  return (params.get(SEARCH_PARAM) ?? '').trim().slice(0, 100);
}

export type PickableBank = Pick<ProviderInfo, 'id' | 'name' | 'logoUrl' | 'available'>;

export function bankPicker(request: FastifyRequest, providers: readonly PickableBank[]): BankPicker {
  const last = cookieOf(request, LAST_BANK_COOKIE);
  const query = searchOf(request);
  const all: PickerBank[] = providers.map((p) => ({
    id: p.id,
    name: p.name,
    logoUrl: p.logoUrl ?? null,
    initials: initialsOf(p.name),
    badge: badgeOf(p.id),
    available: p.available !== false,
    lastUsed: p.id === last,
  }));
  const lastBank = all.find((b) => b.lastUsed) ?? null;
  const ordered = lastBank ? [lastBank, ...all.filter((b) => b !== lastBank)] : all;
  const wanted = folded(query);
  const banks = wanted ? ordered.filter((b) => folded(b.name).includes(wanted)) : ordered;
  return { banks, query, total: all.length, lastBank };
}

/** Remembers the bank chosen on this device, for the next page of any link. */
export function rememberBank(reply: FastifyReply, provider: string): void {
  rememberCookie(reply, LAST_BANK_COOKIE, provider);
}

export function forgetBank(reply: FastifyReply): void {
  rememberCookie(reply, LAST_BANK_COOKIE, null);
}
