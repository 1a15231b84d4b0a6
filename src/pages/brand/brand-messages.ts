// The strings of the merchant's brand block (pages and e-mails), in English and Welsh. Kept apart from
// the pages' main catalogue until the two are folded together; `{name}` is the merchant's name.

export type BrandLang = 'en' | 'cy';

export interface BrandMessages {
  logoAlt: string;
  tradingAs: string;
  howHeading: string;
  /** How pay by bank works and who moves the money (payments and regular payments). */
  howPayment: string;
  /** The same for a refund authorised by the merchant. */
  howRefund: string;
  contactLead: string;
  phone: string;
  email: string;
}

export const BRAND_MESSAGES: Record<BrandLang, BrandMessages> = {
  en: {
    logoAlt: '{name} logo',
    tradingAs: 'trading as',
    howHeading: 'How paying by bank works',
    howPayment:
      "You approve the payment in your own bank's app or website. Your bank sends the money straight to {name}'s account: we never hold your money and never see your bank login.",
    howRefund:
      "You authorise the refund at your own bank. It is paid from your business account straight to the customer's account: we never hold the money.",
    contactLead: 'Questions about this payment? Contact {name}',
    phone: 'Phone',
    email: 'Email',
  },
  cy: {
    logoAlt: 'Logo {name}',
    tradingAs: 'yn masnachu fel',
    howHeading: "Sut mae talu drwy'r banc yn gweithio",
    howPayment:
      "Rydych chi'n cymeradwyo'r taliad yn ap neu wefan eich banc eich hun. Mae eich banc yn anfon yr arian yn syth i gyfrif {name}: nid ydym byth yn dal eich arian nac yn gweld eich manylion mewngofnodi i'r banc.",
    howRefund:
      "Rydych chi'n awdurdodi'r ad-daliad yn eich banc eich hun. Caiff ei dalu o gyfrif eich busnes yn syth i gyfrif y cwsmer: nid ydym byth yn dal yr arian.",
    contactLead: 'Cwestiynau am y taliad hwn? Cysylltwch â {name}',
    phone: 'Ffôn',
    email: 'E-bost',
  },
};

/** The brand strings in `lang` (English unless Welsh is asked for), with the merchant's name filled in. */
export function brandMessages(name: string, lang: string = 'en'): BrandMessages {
  const messages = BRAND_MESSAGES[lang === 'cy' ? 'cy' : 'en'];
  const fill = (text: string) => text.replaceAll('{name}', name);
  return Object.fromEntries(
    Object.entries(messages).map(([key, text]) => [key, fill(text)]),
  ) as unknown as BrandMessages;
}
