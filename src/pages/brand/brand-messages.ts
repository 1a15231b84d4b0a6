// The strings of the merchant's brand block (pages and e-mails), taken from the language's catalogue
// (src/pages/i18n) with the merchant's name filled in.
import { cy } from '../i18n/cy.js';
import { en } from '../i18n/en.js';

export type BrandLang = 'en' | 'cy';
export type BrandMessages = typeof en.brand;

/** The brand strings in `lang` (English unless Welsh is asked for), with the merchant's name filled in. */
export function brandMessages(name: string, lang: string = 'en'): BrandMessages {
  const messages = (lang === 'cy' ? cy : en).brand;
  const fill = (text: string) => text.replaceAll('{name}', name);
  return {
    logoAlt: fill(messages.logoAlt),
    tradingAs: fill(messages.tradingAs),
    howHeading: fill(messages.howHeading),
    howPayment: fill(messages.howPayment),
    howRefund: fill(messages.howRefund),
    contactLead: fill(messages.contactLead),
    phone: fill(messages.phone),
    email: fill(messages.email),
  };
}
