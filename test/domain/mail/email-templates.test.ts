// Every customer e-mail, HTML and text, from the one template set: what each says, the merchant's brand
// in both, and every merchant and customer field escaped in the HTML (and left as written in the text).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CompanyBrand } from '../../../src/domain/branding/branding.js';
import { EMAIL_TEMPLATES, type EmailTemplate } from '../../../src/domain/mail/email-content.js';
import { sampleFacts } from '../../../src/domain/mail/email-samples.js';
import { renderEmail } from '../../../src/domain/mail/render-email.js';

const brand: CompanyBrand = {
  legalName: 'Bramble Ltd',
  tradingName: null,
  accentColour: '#ffd700',
  accentTextColour: '#000000',
  logoUrl: 'https://pay.example/public/v1/logos/0123456789abcdef01234567.png',
  supportPhone: '020 7946 0000',
  publicEmail: 'help@bramble.example',
};

// What each e-mail must say, in both versions.
const SAYS: Record<EmailTemplate, { subject: RegExp; body: RegExp[] }> = {
  'payment-request': {
    subject: /^Bramble Ltd asks you to pay £1,234\.56 \(INV-2027-<42>\)$/,
    body: [/£1,234\.56/, /1 December 2027/, /https:\/\/pay\.example\/p\?=sample-link-token-0000/],
  },
  'payment-receipt': {
    subject: /^Receipt: you paid Bramble Ltd £1,234\.56/,
    body: [/has been made/, /23 November 2027/, /65f0c0ffee0123456789abcd/],
  },
  'refund-notice': {
    subject: /^Bramble Ltd has refunded £234\.56/,
    body: [/refund of £234\.56/, /to the account you paid from/],
  },
  'recurring-request': {
    subject: /^Bramble Ltd asks you to set up a regular payment/,
    body: [
      /£12\.50 every week, 12 payments, from 1 December 2027/,
      /£25\.00 now/,
      /rp\?=sample-link-token-0000/,
    ],
  },
  'recurring-active': {
    subject: /^Your regular payment to Bramble Ltd is set up/,
    body: [/standing order/, /£12\.50 every week/],
  },
  'recurring-payment': {
    subject: /^Receipt: your regular payment of £12\.50 to Bramble Ltd/,
    body: [/payment 2 of 12/, /8 December 2027/],
  },
  'recurring-cancelled': {
    subject: /^Bramble Ltd has stopped your regular payment/,
    body: [/cancel it in your bank's app/],
  },
};

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

for (const template of EMAIL_TEMPLATES) {
  test(`${template}: HTML and text say the same, branded`, () => {
    const email = renderEmail(sampleFacts(template, 'https://pay.example'), brand);
    assert.match(email.subject, SAYS[template].subject);
    const htmlText = decode(email.html);
    for (const pattern of SAYS[template].body) {
      assert.match(email.text, pattern, `text: ${pattern}`);
      assert.match(htmlText, pattern, `html: ${pattern}`);
    }
    // The brand: logo, accent colour with its readable text colour, legal name, support contact, how
    // pay by bank works.
    assert.match(
      email.html,
      /<img src="https:\/\/pay\.example\/public\/v1\/logos\/0123456789abcdef01234567\.png" alt="Bramble Ltd logo"/,
    );
    assert.match(email.html, /background:#ffd700;color:#000000/);
    for (const version of [email.text, htmlText]) {
      assert.match(version, /Bramble Ltd/);
      assert.match(version, /020 7946 0000/);
      assert.match(version, /help@bramble\.example/);
      assert.match(version, /How paying by bank works/);
    }
    assert.match(email.html, /href="mailto:help@bramble\.example"/);
    // Every style is inline: mail clients drop <style> blocks.
    assert.doesNotMatch(email.html, /<style|<link/);
    assert.doesNotMatch(
      email.text,
      /<(p|td|tr|table|a|img|div|h1|strong)[ >]/,
      'no markup in the text version',
    );
  });
}

test('every merchant and customer field is escaped in the HTML and kept as written in the text', () => {
  const evil = (what: string) => `${what} <script>alert("x")</script> 'q' & "dq"`;
  const hostile: CompanyBrand = {
    legalName: evil('Legal'),
    tradingName: evil('Trading'),
    accentColour: '#123456',
    accentTextColour: '#ffffff',
    logoUrl: 'https://pay.example/public/v1/logos/0123456789abcdef01234567.png',
    supportPhone: evil('Phone'),
    publicEmail: evil('Email'),
  };
  const customer = { customerName: evil('Customer'), reference: evil('Reference') };
  for (const template of EMAIL_TEMPLATES) {
    const facts = sampleFacts(template, 'https://pay.example');
    const withCustomer =
      'payment' in facts
        ? { ...facts, payment: { ...facts.payment, ...customer } }
        : { ...facts, recurring: { ...facts.recurring, ...customer } };
    const email = renderEmail(withCustomer as typeof facts, hostile);
    assert.doesNotMatch(email.html, /<script/i, template);
    assert.doesNotMatch(email.html, /"x"/, `${template}: a quote would end an attribute`);
    for (const what of ['Trading', 'Phone', 'Email', 'Customer', 'Reference']) {
      assert.ok(
        email.html.includes(
          `${what} &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;q&#39; &amp; &quot;dq&quot;`,
        ),
        `${template}: ${what} escaped`,
      );
      assert.ok(email.text.includes(evil(what)), `${template}: ${what} as written in the text`);
    }
    // The legal name shows beside the trading name, escaped too.
    assert.ok(email.html.includes('Legal &lt;script&gt;'), `${template}: legal name`);
    assert.ok(email.text.includes(evil('Legal')), `${template}: legal name in the text`);
    assert.doesNotMatch(email.subject, /[\r\n]/);
  }
});

test('a line break in a merchant or customer field never reaches the subject', () => {
  const email = renderEmail(
    {
      template: 'payment-receipt',
      payment: {
        customerName: null,
        amountPence: 100,
        reference: 'A\r\nBcc: x@evil.example',
        paymentId: 'p',
      },
    },
    { ...brand, legalName: 'Shop\nLtd' },
  );
  assert.doesNotMatch(email.subject, /[\r\n]/);
  assert.match(email.subject, /Bcc: x@evil\.example/);
});
