// What the authorisation page shows for a consent: who asks, payee, amount, reference (or the
// schedule, or the data to share), and the choices the customer has.
import { formatAmount } from '../../../domain/money.js';
import { templates } from '../../../templates.js';
import type { ObDomesticInitiation, ObStandingOrderInitiation } from '../../open-banking/ob-wire.js';
import { accountsOfCustomer, listCustomers } from '../ledger/ledger.repository.js';
import { accountIn, penceIn } from '../ob/format.js';
import { scheduleOf } from '../pisp/schedule.js';
import type { SandboxBank } from '../sandbox-bank.js';
import type { SandboxAccountTable, SandboxConsentTable } from '../sandbox-bank.row.js';
import { DEFAULT_CUSTOMER_ID } from '../seed.js';
import { namedDebtorOf } from './authorisation.js';
import type { AuthorisationRequest } from './authorisation-request.js';

const eta = templates('providers/sandbox-bank/oauth');

interface Row {
  label: string;
  value: string;
}

const money = (amount: { Amount: string; Currency: string }, path: string) =>
  `£${formatAmount(penceIn(amount, path))}`;

function payee(account: ObDomesticInitiation['CreditorAccount']): string {
  const numbers = accountIn(account, 'CreditorAccount');
  const sortCode = numbers.sortCode.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3');
  return `${account.Name} (sort code ${sortCode}, account ${numbers.accountNumber})`;
}

const accountLabel = (a: SandboxAccountTable) =>
  `${a.name}: ${a.sort_code.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3')} ${a.account_number} (£${formatAmount(Math.max(0, Number(a.balance)))})`;

function scheduleText(frequency: string): string {
  const schedule = scheduleOf(frequency);
  if (!schedule) return frequency;
  const every = (n: number, unit: string) => (n === 1 ? `every ${unit}` : `every ${n} ${unit}s`);
  switch (schedule.unit) {
    case 'day':
      return every(schedule.every, 'day');
    case 'week':
      return every(schedule.every, 'week');
    case 'month':
      return `${every(schedule.every, 'month')}, on day ${schedule.day < 0 ? `${-schedule.day} from the end` : schedule.day}`;
  }
}

/** Every account a customer could pay from, the default customer's first. */
async function payingAccounts(bank: SandboxBank): Promise<Array<{ id: string; label: string }>> {
  const customers = await listCustomers(bank.db, 'personal');
  customers.sort((a, b) => Number(b.id === DEFAULT_CUSTOMER_ID) - Number(a.id === DEFAULT_CUSTOMER_ID));
  const out: Array<{ id: string; label: string }> = [];
  for (const customer of customers) {
    for (const account of await accountsOfCustomer(bank.db, customer.id))
      out.push({ id: account.id, label: accountLabel(account) });
  }
  return out;
}

export async function renderAuthorisation(
  bank: SandboxBank,
  request: AuthorisationRequest,
  consent: SandboxConsentTable,
): Promise<string> {
  const data = JSON.parse(consent.data) as {
    Initiation?: ObDomesticInitiation & ObStandingOrderInitiation;
    Permissions?: string[];
  };
  const rows: Row[] = [];
  let title = 'Approve a payment';
  let intro = 'asks you to approve this payment.';
  let accounts: Array<{ id: string; label: string }> = [];
  let customers: Array<{ id: string; label: string }> = [];
  if (consent.kind === 'account-access') {
    title = 'Share your account information';
    intro = 'asks to read the following from your accounts.';
    rows.push({ label: 'Information', value: (data.Permissions ?? []).join(', ') });
    rows.push({
      label: 'Until',
      value: consent.expires_at ? consent.expires_at.slice(0, 10) : 'you withdraw it',
    });
    const all = await listCustomers(bank.db);
    all.sort((a, b) => Number(b.id === DEFAULT_CUSTOMER_ID) - Number(a.id === DEFAULT_CUSTOMER_ID));
    customers = all.map((c) => ({
      id: c.id,
      label: c.kind === 'business' ? `${c.name} (business)` : c.name,
    }));
  } else {
    const init = data.Initiation as ObDomesticInitiation & ObStandingOrderInitiation;
    if (consent.kind === 'standing-order') {
      title = 'Set up a standing order';
      intro = 'asks you to set up this standing order.';
      rows.push({
        label: 'Amount',
        value: money(init.RecurringPaymentAmount ?? init.FirstPaymentAmount, 'Amount'),
      });
      rows.push({ label: 'How often', value: scheduleText(init.Frequency) });
      rows.push({ label: 'First payment', value: init.FirstPaymentDateTime.slice(0, 10) });
      rows.push({ label: 'Payments', value: init.NumberOfPayments ?? 'until you cancel it' });
      if (init.Reference) rows.push({ label: 'Reference', value: init.Reference });
    } else {
      rows.push({ label: 'Amount', value: money(init.InstructedAmount, 'Amount') });
      if (init.RemittanceInformation?.Reference)
        rows.push({ label: 'Reference', value: init.RemittanceInformation.Reference });
    }
    rows.splice(1, 0, { label: 'To', value: payee(init.CreditorAccount) });
    const named = await namedDebtorOf(bank, consent);
    if (named) rows.push({ label: 'From', value: accountLabel(named) });
    else accounts = await payingAccounts(bank);
  }
  return eta.render('authorize', {
    title,
    intro,
    clientId: request.clientId,
    rows,
    params: request.params,
    accounts,
    customers,
    error: null,
  });
}

export function renderAuthorisationError(title: string, message: string): string {
  return eta.render('authorize', { title, error: message });
}
