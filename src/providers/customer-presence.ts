// Whether the customer is present at a bank call (API.md 10.2; FAPI 1.0 Baseline 6.2.2): the calls
// made while the customer's browser waits (initiating at a link, coming back from the bank) carry
// the customer's IP address, user agent and the time they came, so that the bank may apply its
// customer-present limits and fraud checks. Carried by AsyncLocalStorage from the customer's
// request to the adapter, through domain code that need not know of it.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface CustomerPresence {
  ipAddress: string;
  userAgent: string | undefined;
  /** When the customer came (paybank has no customer log-in; x-fapi-auth-date). */
  since: Date;
}

const presence = new AsyncLocalStorage<CustomerPresence>();

/** Runs fn with the customer present. */
export function withCustomerPresent<T>(customer: CustomerPresence, fn: () => T): T {
  return presence.run(customer, fn);
}

export function customerPresence(): CustomerPresence | undefined {
  return presence.getStore();
}

// The customer's own requests: the hosted pages of a link, the initiation and the bank's return.
const CUSTOMER_PATHS = [
  /^\/public\/v1\/(payments\/initiate|return|bank-accounts\/return)(\?|$)/,
  /^\/(p|rp|rf)(\/|\?|$)/,
];

export function isCustomerRequest(url: string): boolean {
  // Asked of every request: a URL that starts with neither /p nor /r (the merchant API's among them)
  // matches no pattern, and is ruled out before any is tried.
  if (!url.startsWith('/p') && !url.startsWith('/r')) return false;
  return CUSTOMER_PATHS.some((path) => path.test(url));
}
