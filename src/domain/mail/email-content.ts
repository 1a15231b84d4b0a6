// The content of each customer e-mail, written once: the HTML and the text versions are both rendered
// from it (templates/html.eta and templates/text.eta), so they never say different things. Every value
// here is plain text; the HTML template escapes it.
import { formatDate, formatDateTime, formatMoney } from '../formats.js';

export const EMAIL_TEMPLATES = [
  'payment-request',
  'payment-receipt',
  'refund-notice',
  'recurring-request',
  'recurring-active',
  'recurring-payment',
  'recurring-cancelled',
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

export interface EmailContent {
  subject: string;
  /** The line a mail client shows beside the subject. */
  preheader: string;
  heading: string;
  /** The sum in large type, if the e-mail is about one. */
  amount: string | null;
  paragraphs: string[];
  details: { label: string; value: string }[];
  action: { label: string; url: string } | null;
}

export interface PaymentFacts {
  customerName: string | null;
  amountPence: number;
  reference: string;
  paymentId: string;
  dueDate?: string | null;
  link?: string | null;
  paidAt?: string | null;
}

export interface RefundFacts extends PaymentFacts {
  refundPence: number;
  refundedPence: number;
  refundedAt: string;
}

export interface RecurringFacts {
  customerName: string | null;
  reference: string;
  recurringPaymentId: string;
  /** "£25.00 every month, 12 payments, from 1 December 2026" */
  schedule: string;
  link?: string | null;
  initialAmountPence?: number | null;
  /** One paid payment of the schedule. */
  item?: { amountPence: number; paidAt: string; number: number; of: number | null } | null;
}

export type EmailFacts =
  | { template: 'payment-request' | 'payment-receipt'; payment: PaymentFacts }
  | { template: 'refund-notice'; payment: RefundFacts }
  | {
      template: 'recurring-request' | 'recurring-active' | 'recurring-payment' | 'recurring-cancelled';
      recurring: RecurringFacts;
    };

const greetingOf = (name: string | null) => (name ? `Dear ${name},` : 'Hello,');

/** The content of one e-mail from `merchant` (the company's name as the customer knows it). */
export function emailContent(facts: EmailFacts, merchant: string): EmailContent {
  switch (facts.template) {
    case 'payment-request': {
      const p = facts.payment;
      const amount = formatMoney(p.amountPence);
      return {
        subject: `${merchant} asks you to pay ${amount} (${p.reference})`,
        preheader: `Pay ${amount} to ${merchant} securely from your bank.`,
        heading: `Pay ${merchant}`,
        amount,
        paragraphs: [
          greetingOf(p.customerName),
          `${merchant} asks you to pay ${amount} for ${p.reference}.`,
          'Choose your bank on the payment page and approve the payment there. No card is needed.',
        ],
        details: [
          { label: 'Reference', value: p.reference },
          ...(p.dueDate ? [{ label: 'Due by', value: formatDate(p.dueDate) }] : []),
        ],
        action: p.link ? { label: `Pay ${amount}`, url: p.link } : null,
      };
    }
    case 'payment-receipt': {
      const p = facts.payment;
      const amount = formatMoney(p.amountPence);
      return {
        subject: `Receipt: you paid ${merchant} ${amount} (${p.reference})`,
        preheader: `${merchant} has received your payment of ${amount}.`,
        heading: 'Payment received',
        amount,
        paragraphs: [
          greetingOf(p.customerName),
          `Your payment of ${amount} to ${merchant} for ${p.reference} has been made. Thank you.`,
          'Keep this e-mail as your receipt.',
        ],
        details: [
          { label: 'Reference', value: p.reference },
          ...(p.paidAt ? [{ label: 'Paid', value: formatDateTime(p.paidAt) }] : []),
          { label: 'Payment id', value: p.paymentId },
        ],
        action: null,
      };
    }
    case 'refund-notice': {
      const p = facts.payment;
      const refund = formatMoney(p.refundPence);
      const whole = p.refundedPence >= p.amountPence;
      return {
        subject: `${merchant} has refunded ${refund} (${p.reference})`,
        preheader: `${refund} is on its way back to your bank account.`,
        heading: 'Refund sent',
        amount: refund,
        paragraphs: [
          greetingOf(p.customerName),
          `${merchant} has sent you a refund of ${refund} for ${p.reference}, from its bank account to the account you paid from.`,
          whole
            ? 'Your payment has now been refunded in full.'
            : `In all, ${formatMoney(p.refundedPence)} of your ${formatMoney(p.amountPence)} payment has been refunded.`,
          'Most banks show it within a few hours; it can take up to a working day.',
        ],
        details: [
          { label: 'Reference', value: p.reference },
          { label: 'Refunded', value: formatDateTime(p.refundedAt) },
          { label: 'Payment id', value: p.paymentId },
        ],
        action: null,
      };
    }
    case 'recurring-request': {
      const r = facts.recurring;
      return {
        subject: `${merchant} asks you to set up a regular payment (${r.reference})`,
        preheader: `${r.schedule}.`,
        heading: `Regular payment to ${merchant}`,
        amount: null,
        paragraphs: [
          greetingOf(r.customerName),
          `${merchant} asks you to set up a regular payment for ${r.reference}: ${r.schedule}.`,
          ...(r.initialAmountPence
            ? [`First, a single payment of ${formatMoney(r.initialAmountPence)} now.`]
            : []),
          'You set it up once, securely, at your bank, as a standing order that you can cancel there at any time.',
        ],
        details: [
          { label: 'Reference', value: r.reference },
          { label: 'Schedule', value: r.schedule },
        ],
        action: r.link ? { label: 'Set up the regular payment', url: r.link } : null,
      };
    }
    case 'recurring-active': {
      const r = facts.recurring;
      return {
        subject: `Your regular payment to ${merchant} is set up (${r.reference})`,
        preheader: `${r.schedule}.`,
        heading: 'Regular payment set up',
        amount: null,
        paragraphs: [
          greetingOf(r.customerName),
          `Your bank has set up your standing order to ${merchant} for ${r.reference}: ${r.schedule}.`,
          "Your bank pays each one on its date. You can see or cancel the standing order in your bank's app or online banking.",
        ],
        details: [
          { label: 'Reference', value: r.reference },
          { label: 'Schedule', value: r.schedule },
        ],
        action: null,
      };
    }
    case 'recurring-payment': {
      const r = facts.recurring;
      const item = r.item;
      const amount = item ? formatMoney(item.amountPence) : '';
      const count = item ? (item.of ? `payment ${item.number} of ${item.of}` : `payment ${item.number}`) : '';
      return {
        subject: `Receipt: your regular payment of ${amount} to ${merchant} (${r.reference})`,
        preheader: `${merchant} has received ${count} of your regular payment.`,
        heading: 'Regular payment received',
        amount,
        paragraphs: [
          greetingOf(r.customerName),
          `${merchant} has received ${count} of your regular payment for ${r.reference}. Thank you.`,
        ],
        details: [
          { label: 'Reference', value: r.reference },
          ...(item ? [{ label: 'Paid', value: formatDate(item.paidAt) }] : []),
          { label: 'Schedule', value: r.schedule },
        ],
        action: null,
      };
    }
    case 'recurring-cancelled': {
      const r = facts.recurring;
      return {
        subject: `${merchant} has stopped your regular payment (${r.reference})`,
        preheader: 'Cancel the standing order at your bank so that no further payments are made.',
        heading: 'Regular payment stopped',
        amount: null,
        paragraphs: [
          greetingOf(r.customerName),
          `${merchant} no longer asks for your regular payment for ${r.reference} (${r.schedule}).`,
          "The standing order you set up is held by your bank: cancel it in your bank's app or online banking so that no further payments are made.",
        ],
        details: [{ label: 'Reference', value: r.reference }],
        action: null,
      };
    }
  }
}
