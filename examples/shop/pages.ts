// The shop's two pages: the product, and an order's status (which refreshes itself until it is final).
import type { Order } from './orders.js';

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${html(title)}</title>${head}
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem}</style>
</head><body><h1>Tea &amp; Co</h1>${body}</body></html>`;
}

export function productPage(item: string, amount: string): string {
  return layout(
    'Tea & Co',
    `<h2>${html(item)}</h2><p>£${html(amount)}</p>
<form method="post" action="/orders"><button type="submit">Pay by bank</button></form>`,
  );
}

export function orderPage(order: Order): string {
  // Until the webhook says how the payment ended, the page looks again every second.
  const refresh = order.status === 'awaiting payment' ? '<meta http-equiv="refresh" content="1">' : '';
  return layout(
    `Order ${order.reference}`,
    `<h2>Order <span id="reference">${html(order.reference)}</span></h2>
<p>${html(order.item)}, £${html(order.amount)}</p>
<p>Status: <strong id="status" data-status="${html(order.status)}">${html(order.status)}</strong></p>`,
    refresh,
  );
}
