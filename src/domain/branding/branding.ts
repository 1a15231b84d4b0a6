// A company's branding as the API and the portal show it, and as the customer's pages and e-mails use it.

export interface Branding {
  /** '#rrggbb', or null for the pages' own colour. */
  accentColour: string | null;
  /** The colour of text on the accent ('#ffffff' or '#000000'), chosen for contrast; null without one. */
  accentTextColour: string | null;
  /** Where the logo is served (public, unguessable), or null. */
  logoUrl: string | null;
  logo: { contentType: string; size: number } | null;
  updatedAt: string | null;
}

/** What a customer's page or e-mail shows of the merchant. */
export interface CompanyBrand {
  /** The company's registered (legal) name. */
  legalName: string;
  /** The name it trades under, when it differs. */
  tradingName: string | null;
  accentColour: string | null;
  accentTextColour: string | null;
  logoUrl: string | null;
  supportPhone: string;
  publicEmail: string;
}
