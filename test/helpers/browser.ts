// Debian's Chromium through playwright-core (never a downloaded browser), and screenshots kept under
// test-results/ for CI to keep as artifacts.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';

export async function launchChromium(t: TestContext): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  t.after(() => browser.close());
  return browser;
}

/** Saves a full-page screenshot as test-results/<folder>/<name>.png. */
export async function screenshot(page: Page, folder: string, name: string): Promise<string> {
  const dir = `test-results/${folder}`;
  mkdirSync(dir, { recursive: true });
  const path = `${dir}/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** A merchant's website on 127.0.0.1 where customers land after paying: it shows the query it got. */
export async function startShop(t: TestContext): Promise<{ url: string }> {
  const server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://shop').searchParams;
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><title>Shop</title><h1 id="shop">Thank you</h1><p id="payment">${encodeURIComponent(query.get('paymentId') ?? '')}</p><p id="status">${encodeURIComponent(query.get('status') ?? '')}</p>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/order/done` };
}
