// The merchant's brand on the customer's pages (payment, transfer, recurring, refund and result pages):
// loaded once per page and rendered into three pieces the layout prints where they belong:
// `<%~ it.brand?.head %>`, `<%~ it.brand?.header %>` and `<%~ it.brand?.footer %>`.
import type { Deps } from '../../context.js';
import { companyBrand } from '../../domain/branding/company-brand.js';
import { DEFAULT_ACCENT } from '../../domain/mail/email-styles.js';
import { findPaymentById } from '../../domain/payments/payment.repository.js';
import { findAttemptByState } from '../../domain/payments/payment-attempt.repository.js';
import { templates } from '../../templates.js';
import { brandMessages } from './brand-messages.js';

const eta = templates('pages/brand');

export interface PageBrand {
  head: string;
  header: string;
  footer: string;
}

/**
 * Welsh when the browser asks for it first. A stand-in until the pages' own language choice (the
 * catalogue and its switch) passes its language here.
 */

/** The brand pieces of `companyId`'s pages; `kind: 'refund'` for the merchant's own refund pages. */
export async function pageBrand(
  deps: Deps,
  companyId: string,
  lang: string = 'en',
  kind: 'payment' | 'refund' = 'payment',
): Promise<PageBrand | undefined> {
  const brand = await companyBrand(deps, companyId);
  if (!brand) return undefined;
  // The logo is served by this service: its path keeps it on the page's own origin (CSP img-src 'self').
  const local = brand.logoUrl ? { ...brand, logoUrl: new URL(brand.logoUrl).pathname } : brand;
  const data = {
    brand: local,
    kind,
    lang: lang === 'cy' ? 'cy' : 'en',
    m: brandMessages(brand.tradingName ?? brand.legalName, lang),
    accent: brand.accentColour ?? DEFAULT_ACCENT,
    onAccent: brand.accentTextColour ?? '#ffffff',
    tel: brand.supportPhone.replace(/[^0-9+]/g, ''),
  };
  return {
    head: eta.render('brand', { ...data, part: 'head' }),
    header: eta.render('brand', { ...data, part: 'header' }),
    footer: eta.render('brand', { ...data, part: 'footer' }),
  };
}

/** The brand of the payment (or refund) behind a result page's state. */
export async function pageBrandOfState(deps: Deps, state: string, lang: string = 'en') {
  const attempt = await findAttemptByState(deps.db, state);
  const payment = attempt ? await findPaymentById(deps.db, attempt.paymentId) : undefined;
  if (!attempt || !payment) return undefined;
  return pageBrand(deps, payment.companyId, lang, attempt.kind === 'refund' ? 'refund' : 'payment');
}
