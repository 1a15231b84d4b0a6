// The provider list of spec 2.13: `ob-<bank>` ids that the Open Banking adapter reaches, plus `other`
// (a bank the service has no API for: manual accounts, manual transfers). Every enumeration the API
// accepts is derived from this list, so adding a bank is a configuration entry, not code.

export interface ProviderInfo {
  /** `other` or `ob-<slug>`. */
  id: string;
  name: string;
  paymentInitiation: boolean;
  standingOrders: boolean;
  accountInformation: boolean;
  /** The bank's logo on the customer pages (an https URL or a path on this service); else its initials. */
  logoUrl?: string;
  /** false while the bank is configured as out of service: the pages show it, but not as a choice. */
  available?: boolean;
}

export const OTHER_PROVIDER_ID = 'other';
export const SANDBOX_PROVIDER_ID = 'ob-sandbox';
export const PROVIDER_ID_PATTERN = '^ob-[a-z0-9]+(-[a-z0-9]+)*$';

export const OTHER_PROVIDER: ProviderInfo = {
  id: OTHER_PROVIDER_ID,
  name: 'Other bank',
  paymentInitiation: false,
  standingOrders: false,
  accountInformation: false,
};

export class ProviderList {
  readonly providers: readonly ProviderInfo[];

  /** `banks` are the `ob-*` providers; `other` is always added last. */
  constructor(banks: readonly ProviderInfo[]) {
    const seen = new Set<string>();
    for (const bank of banks) {
      if (!new RegExp(PROVIDER_ID_PATTERN).test(bank.id)) throw new Error(`bad provider id ${bank.id}`);
      if (seen.has(bank.id)) throw new Error(`provider ${bank.id} is listed twice`);
      seen.add(bank.id);
    }
    this.providers = [...banks, OTHER_PROVIDER];
  }

  get(id: string): ProviderInfo | undefined {
    return this.providers.find((p) => p.id === id);
  }

  /** Every provider, `other` included (group B create-manually, group D bank account create). */
  all(): string[] {
    return this.providers.map((p) => p.id);
  }

  /** Every bank the service has an API for (group B connect-via-app). */
  withoutOther(): string[] {
    return this.providers.filter((p) => p.id !== OTHER_PROVIDER_ID).map((p) => p.id);
  }

  paymentInitiation(): string[] {
    return this.providers.filter((p) => p.paymentInitiation).map((p) => p.id);
  }

  /** Initiate payment (group A): the banks that initiate payments, and `other` (pay by manual transfer). */
  initiatePayment(): string[] {
    return [...this.paymentInitiation(), OTHER_PROVIDER_ID];
  }

  standingOrders(): string[] {
    return this.providers.filter((p) => p.standingOrders).map((p) => p.id);
  }

  accountInformation(): string[] {
    return this.providers.filter((p) => p.accountInformation).map((p) => p.id);
  }
}
