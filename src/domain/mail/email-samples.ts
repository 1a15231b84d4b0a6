// Sample data for the sandbox's e-mail previews (API.md 9.1): every template with made-up facts and a
// made-up merchant whose fields hold markup, so a preview shows the escaping as well as the layout.
import type { CompanyBrand } from '../branding/branding.js';
import type { EmailFacts, EmailTemplate } from './email-content.js';

export function sampleBrand(): CompanyBrand {
  return {
    legalName: 'Bramble & Daughters <Ltd>',
    tradingName: 'Bramble Bakery',
    accentColour: '#7a3e9d',
    accentTextColour: '#ffffff',
    logoUrl: null,
    supportPhone: '020 7946 0000',
    publicEmail: 'help@bramble.example',
  };
}

const payment = {
  customerName: 'Cara "CJ" Jones',
  amountPence: 123_456,
  reference: 'INV-2027-<42>',
  paymentId: '65f0c0ffee0123456789abcd',
  dueDate: '2027-12-01',
  paidAt: '2027-11-23T14:05:00.000Z',
};

const recurring = {
  customerName: 'Cara "CJ" Jones',
  reference: 'Bread club <weekly>',
  recurringPaymentId: '65f0c0ffee0123456789abce',
  schedule: '£12.50 every week, 12 payments, from 1 December 2027',
};

export function sampleFacts(template: EmailTemplate, publicUrl: string): EmailFacts {
  switch (template) {
    case 'payment-request':
      return { template, payment: { ...payment, link: `${publicUrl}/p?=sample-link-token-0000` } };
    case 'payment-receipt':
      return { template, payment };
    case 'refund-notice':
      return {
        template,
        payment: {
          ...payment,
          refundPence: 23_456,
          refundedPence: 23_456,
          refundedAt: '2027-11-25T09:30:00.000Z',
        },
      };
    case 'recurring-request':
      return {
        template,
        recurring: {
          ...recurring,
          link: `${publicUrl}/rp?=sample-link-token-0000`,
          initialAmountPence: 2_500,
        },
      };
    case 'recurring-active':
    case 'recurring-cancelled':
      return { template, recurring };
    case 'recurring-payment':
      return {
        template,
        recurring: {
          ...recurring,
          item: { amountPence: 1_250, paidAt: '2027-12-08T00:00:00.000Z', number: 2, of: 12 },
        },
      };
  }
}
