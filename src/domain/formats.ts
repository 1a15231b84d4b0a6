// How the customer's pages and e-mails print values for a UK reader (en-GB through Intl): money with
// separators, dates in words, times in London time, sort codes in pairs. One module, so that every
// page and e-mail says the same thing the same way.
import { formatAmount, type Pence } from './money.js';

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
// A calendar date (a due date, a payment date) is the same day wherever it is read: printed in UTC,
// the zone its midnight was stored in.
const dayOptions: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
};
// The customer pages also speak Welsh: "1 Rhagfyr 2027".
const days = {
  en: new Intl.DateTimeFormat('en-GB', dayOptions),
  cy: new Intl.DateTimeFormat('cy-GB', dayOptions),
};
const day = days.en;
const time = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});
const dayInLondon = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** 100000000 pence as "£1,000,000.00". Formatted from the exact decimal string, never a float. */
export function formatMoney(pence: Pence): string {
  return money.format(formatAmount(pence) as Intl.StringNumericLiteral);
}

/** "2027-12-01" (or an ISO timestamp of that day's midnight) as "1 December 2027" (or in Welsh). */
export function formatDate(iso: string, language: 'en' | 'cy' = 'en'): string {
  return (language === 'cy' ? days.cy : day).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

/** An instant as "13:30", the time on a clock in London (BST in summer). */
export function formatTime(instant: Date | string): string {
  return time.format(new Date(instant));
}

/** An instant as "1 December 2027 at 13:30", in London time. */
export function formatDateTime(instant: Date | string): string {
  const at = new Date(instant);
  return `${dayInLondon.format(at)} at ${time.format(at)}`;
}

/** "123456" as "12-34-56"; anything that is not six digits is shown as it is. */
export function formatSortCode(sortCode: string): string {
  return /^[0-9]{6}$/.test(sortCode) ? sortCode.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3') : sortCode;
}
