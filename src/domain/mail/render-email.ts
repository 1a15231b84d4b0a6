// One e-mail, HTML and text, from its content (email-content.ts) and the merchant's brand: the same
// content through two templates, eta escaping every value in the HTML one.
import { Eta } from 'eta';
import { brandMessages } from '../../pages/brand/brand-messages.js';
import { templates } from '../../templates.js';
import type { CompanyBrand } from '../branding/branding.js';
import { type EmailFacts, emailContent } from './email-content.js';
import { DEFAULT_ACCENT, emailStyles } from './email-styles.js';

const html = templates('domain/mail/templates');
// The text version is not HTML: nothing is escaped (a name with "<" reads as written).
const text = new Eta({
  views: html.config.views,
  autoEscape: false,
  autoTrim: false,
  cache: true,
});

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Line breaks never reach a subject (header injection). */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export function renderEmail(facts: EmailFacts, brand: CompanyBrand): RenderedEmail {
  const merchant = brand.tradingName ?? brand.legalName;
  const content = emailContent(facts, merchant);
  const messages = brandMessages(merchant);
  const accent = brand.accentColour ?? DEFAULT_ACCENT;
  const data = {
    content,
    brand,
    messages,
    how: facts.template === 'refund-notice' ? refundLine(merchant) : messages.howPayment,
    s: emailStyles(accent, brand.accentTextColour ?? '#ffffff'),
  };
  return {
    subject: oneLine(content.subject),
    html: html.render('html', data),
    text: `${text
      .render('text', data)
      .replace(/\n{3,}/g, '\n\n')
      .trim()}\n`,
  };
}

/** The refund notice goes to the customer: the merchant's bank pays it back. */
function refundLine(merchant: string): string {
  return `${merchant}'s bank sends the refund straight to the account you paid from; we never hold the money.`;
}
