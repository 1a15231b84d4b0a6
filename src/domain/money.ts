// Money is integer pence inside the service; the two-decimal string exists only at the API edge.

export const AMOUNT_PATTERN = '^[0-9]+\\.[0-9]{2}$';
/** The longest amount string taken in: 13 digits of pounds, so that every one is a safe integer of pence. */
export const AMOUNT_MAX_LENGTH = 16;
const AMOUNT_RE = new RegExp(AMOUNT_PATTERN);

export type Pence = number;

export function isAmountString(value: string): boolean {
  return AMOUNT_RE.test(value);
}

/** Parses "12.34" into 1234 pence. Throws on anything that is not an exact two-decimal amount. */
export function parseAmount(value: string): Pence {
  if (!AMOUNT_RE.test(value)) throw new RangeError(`not an amount: ${value}`);
  const [units, pence] = value.split('.') as [string, string];
  const result = Number(units) * 100 + Number(pence);
  if (!Number.isSafeInteger(result)) throw new RangeError(`amount too large: ${value}`);
  return result;
}

/** Prints 1234 pence as "12.34". */
export function formatAmount(pence: Pence): string {
  if (!Number.isSafeInteger(pence) || pence < 0) throw new RangeError(`not a pence amount: ${pence}`);
  const units = Math.floor(pence / 100);
  const rest = pence % 100;
  return `${units}.${rest < 10 ? '0' : ''}${rest}`;
}
